// A process that was told (by a 429 or 503 with Retry-After) to hold off must
// not send the same operation — the tool call that was refused, or its
// compensation — again before the time is up. That is the bug this judge is
// for: a retry that ignores (or caps) the wait. Another operation to the same
// service within the window is not blamed: at worst it is refused in turn (no
// effect, and the executor sees it), and the clients teams use hold Retry-After
// per request — stripe-node and the resend SDK included. Requests to another
// service are its own business, and a process that crashed as the answer
// arrived never learnt it; its successor is not blamed.
import { eventsOf, type History } from '../history/history.ts'
import { boundariesOf, callsOf } from './calls.ts'
import type { Violation } from './finding.ts'

export function retryBeforeRetryAfter(history: History): Violation[] {
  const calls = callsOf(history)
  const sent = new Map(eventsOf(history, 'attempt-sent').map((a) => [a.attempt, a]))
  const notBefore = new Map<string, { until: number; attempt: number; service: string }>() // `${service} ${generation} ${call}`
  const out: Violation[] = []
  const flagged = new Set<string>()
  for (const e of history) {
    if (e.type === 'answered' && e.retryAfterMs !== null && e.status !== null && e.status >= 400) {
      const a = sent.get(e.attempt)
      if (a) notBefore.set(`${a.service} ${a.generation} ${a.call}`, { until: e.t + e.retryAfterMs, attempt: e.attempt, service: a.service })
    }
    if (e.type === 'attempt-sent' && !e.probe) {
      const key = `${e.service} ${e.generation} ${e.call}`
      const wait = notBefore.get(key) // only the process that was told
      if (wait && e.t < wait.until && !flagged.has(key)) {
        flagged.add(key)
        const v = e.call ? calls.get(e.call) : undefined
        out.push({
          judge: 'retry-before-retry-after',
          call: e.call,
          tool: v?.tool || null,
          boundaries: v ? boundariesOf(v) : [],
          message: `${e.call ?? 'run'}: attempt ${e.attempt} went to ${e.service} at ${e.t} ms, before ${wait.until} ms, as the Retry-After on attempt ${wait.attempt} from ${wait.service} asked`,
        })
      }
    }
  }
  return out
}
