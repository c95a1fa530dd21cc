import { eventsOf, type History } from '../run/history.ts'
import { boundariesOf, callsOf } from './calls.ts'
import type { Violation } from './finding.ts'

/** A side-effecting request sent again sooner than the Retry-After the service asked for. */
export function retryBeforeRetryAfter(history: History): Violation[] {
  const calls = callsOf(history)
  const sent = new Map(eventsOf(history, 'attempt-sent').map((a) => [a.attempt, a]))
  const notBefore = new Map<string, { until: number; attempt: number }>()
  const out: Violation[] = []
  const flagged = new Set<string>()
  for (const e of history) {
    if (e.type === 'answered' && e.retryAfterMs !== null && e.status !== null && e.status >= 400) {
      const a = sent.get(e.attempt)
      if (a && !a.probe && a.call) notBefore.set(`${a.call} ${a.generation}`, { until: e.t + e.retryAfterMs, attempt: e.attempt })
    }
    if (e.type === 'attempt-sent' && !e.probe && e.call) {
      const wait = notBefore.get(`${e.call} ${e.generation}`) // only the process that was told
      if (wait && e.t < wait.until && !flagged.has(e.call)) {
        flagged.add(e.call)
        const v = calls.get(e.call)
        out.push({
          judge: 'retry-before-retry-after',
          call: e.call,
          tool: v?.tool || null,
          boundaries: v ? boundariesOf(v) : [],
          message: `${e.call}: attempt ${e.attempt} sent at ${e.t} ms, before ${wait.until} ms as Retry-After on attempt ${wait.attempt} asked`,
        })
      }
    }
  }
  return out
}
