// A process that was told (by a 429 or 503 with Retry-After) to hold off must
// not send the same operation again before the time is up: the same tool call
// (retried, or asked again by the model); within an abort, which compensates
// several steps, the same request (method, path and body). That is the bug
// this judge is for: a retry that ignores (or caps) the wait. Another operation
// to the same service within the window is not blamed: at worst it is refused
// in turn (no effect, and the executor sees it), and the clients teams use hold
// Retry-After per request — stripe-node and the resend SDK included. Requests
// to another service are its own business, and a process that crashed as the
// answer arrived never learnt it; its successor is not blamed.
import { isAbortCall } from '../history/call-ids.ts'
import { eventsOf, type History, type HistoryEvent } from '../history/history.ts'
import { boundariesOf, callsOf } from './calls.ts'
import type { Violation } from './finding.ts'

export function retryBeforeRetryAfter(history: History): Violation[] {
  const calls = callsOf(history)
  const sent = new Map(eventsOf(history, 'attempt-sent').map((a) => [a.attempt, a]))
  const notBefore = new Map<string, { until: number; attempt: number; service: string }>() // by operation()
  const out: Violation[] = []
  const flagged = new Set<string>()
  for (const e of history) {
    if (e.type === 'answered' && e.retryAfterMs !== null && e.status !== null && e.status >= 400) {
      const a = sent.get(e.attempt)
      if (a) notBefore.set(operation(a), { until: e.t + e.retryAfterMs, attempt: e.attempt, service: a.service })
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
          message: `${e.call ?? 'run'}: attempt ${e.attempt} went to ${e.service} at ${e.t} ms, before ${wait.until} ms, as the Retry-After on attempt ${wait.attempt} from ${wait.service} asked`,
        })
      }
    }
  }
  return out
}

/** The key of an attempt's operation, for the process that sent it: its tool call, or within an abort (each compensation its own) its request. */
function operation(a: Extract<HistoryEvent, { type: 'attempt-sent' }>): string {
  const who = `${a.service} ${a.generation}`
  return isAbortCall(a.call) ? `${who} ${a.call} request ${a.fingerprint}` : `${who} call ${a.call}`
}
