// Told to hold off by a Retry-After (or SendGrid's
// X-RateLimit-Reset), a process must
// not resend the same operation before the time is
// up. Who is blamed: docs/internals/engine.md.
import { isAbortCall } from '../history/call-ids.ts'
import { eventsOf, type History, type HistoryEvent } from '../history/history.ts'
import { boundariesOf, type CallView, callsOf } from './calls.ts'
import type { Violation } from './finding.ts'

export function retryBeforeRetryAfter(history: History): Violation[] {
  const calls = callsOf(history)
  const sent = new Map(eventsOf(history, 'attempt-sent').map((a) => [a.attempt, a]))
  const notBefore = new Map<string, { until: number; attempt: number; service: string; by: string }>() // by operation()
  const out: Violation[] = []
  const flagged = new Set<string>()
  for (const e of history) {
    if (e.type === 'answered' && e.retryAfterMs !== null && e.status !== null && e.status >= 400) {
      const a = sent.get(e.attempt)
      const by = e.holdOffBy === 'x-ratelimit-reset' ? 'X-RateLimit-Reset' : 'Retry-After'
      if (a) notBefore.set(operation(a), { until: e.t + e.retryAfterMs, attempt: e.attempt, service: a.service, by })
    }
    if (e.type === 'attempt-sent' && !e.probe) {
      const key = operation(e)
      const wait = notBefore.get(key) // only the process that was told
      if (wait && e.t < wait.until && !flagged.has(key)) {
        flagged.add(key)
        const v = e.call ? calls.get(e.call) : undefined
        out.push({
          judge: 'retry-before-retry-after',
          call: e.call,
          tool: v?.tool || null,
          boundaries: v ? boundariesOf(v) : [],
          message: `${e.call ?? 'run'}: attempt ${e.attempt}${laterAsk(v, wait.attempt, e.attempt)} went to ${e.service} at ${e.t} ms, before ${wait.until} ms, as the ${wait.by} on attempt ${wait.attempt} from ${wait.service} asked`,
        })
      }
    }
  }
  return out
}

/**
 * An attempt's operation, for the process that sent
 * it: its tool call, or within an abort its request.
 */
function operation(a: Extract<HistoryEvent, { type: 'attempt-sent' }>): string {
  const who = `${a.service} ${a.generation}`
  return isAbortCall(a.call) ? `${who} ${a.call} request ${a.fingerprint}` : `${who} call ${a.call}`
}

/** ", in the model's ask 2": sent on a later ask than the one told. */
function laterAsk(v: CallView | undefined, told: number, sent: number): string {
  const ask = (n: number) => v?.attempts.find((a) => a.attempt === n)?.ask ?? 0
  return ask(sent) > ask(told) ? `, in the model's ask ${ask(sent)},` : ''
}
