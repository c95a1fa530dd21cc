// The history of a run whose worker died.
import { deepFreeze, type History, type HistoryEvent } from '../history/history.ts'

/** What ended a worker, as far as known. */
export type Death =
  | { readonly kind: 'overran'; readonly ms: number }
  | { readonly kind: 'out-of-memory'; readonly mb: number }
  | { readonly kind: 'exited'; readonly how: string }

/**
 * What was streamed, the finding (on the
 * call in flight), then the run's end.
 */
export function deathHistory(events: readonly HistoryEvent[], death: Death, attempts = 1): History {
  const last = events.at(-1)
  const seq = events.length
  const t = last?.t ?? 0
  const message =
    death.kind === 'overran'
      ? `the run did not finish within ${death.ms / 1000} s of real time${attempts === 2 ? ', twice' : ''} (the executor blocks its thread: a busy loop, or work that never yields)`
      : death.kind === 'out-of-memory'
        ? `it went past the worker's memory limit of ${death.mb} MB`
        : death.how
  const problem = death.kind === 'overran' ? 'hung' : death.kind
  const out: HistoryEvent[] = [
    ...events,
    { seq, t, type: 'executor-fault', call: inFlight(events), problem, message },
    { seq: seq + 1, t, type: 'run-ended', pendingTimers: 0 },
  ]
  return Object.freeze(out.map(deepFreeze))
}

/** The call (or abort) not yet answered. */
export function inFlight(events: readonly HistoryEvent[]): string | null {
  let call: string | null = null
  for (const e of events) {
    if (e.type === 'call-started') call = e.call
    else if (e.type === 'abort-requested') call = `${e.run}#abort`
    else if ((e.type === 'outcome-reported' || e.type === 'executor-fault') && e.call === call) call = null
    else if (e.type === 'abort-reported' && call === `${e.run}#abort`) call = null
  }
  return call
}
