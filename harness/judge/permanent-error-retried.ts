import { eventsOf, type History } from '../history/history.ts'
import { boundariesOf, callsOf } from './calls.ts'
import type { Violation } from './finding.ts'

/**
 * Statuses that say "as it stands, this will
 * never succeed"; the services keep it true (a
 * fault's 400/422 sticks: mock-services/refusals.ts).
 */
const PERMANENT = new Set([400, 422])

/**
 * The same request resent, by the process
 * that was told, after a 400/422, in the same
 * ask or a later one (a model that ignores
 * retry_safe asks again). Not blamed, as
 * never told: a successor of a crashed
 * process, or a refusal whose body was lost.
 */
export function permanentErrorRetried(history: History): Violation[] {
  const calls = callsOf(history)
  const sent = new Map(eventsOf(history, 'attempt-sent').map((a) => [a.attempt, a]))
  // Its body lost (cut, stalled, reset): an
  // SDK that reads it whole saw no refusal.
  const lost = new Set(eventsOf(history, 'response-lost').map((e) => e.attempt))
  // `${call} ${generation} ${fingerprint}` → first refusal
  const refused = new Map<string, { attempt: number; status: number; ask: number }>()
  const asks = new Map<string, number>() // call → its ask in force
  const out: Violation[] = []
  const flagged = new Set<string>()
  for (const e of history) {
    if (e.type === 'call-started') asks.set(e.call, e.ask)
    if (e.type === 'answered' && e.status !== null && PERMANENT.has(e.status) && !lost.has(e.attempt)) {
      const a = sent.get(e.attempt)
      if (a && !a.probe && a.call)
        refused.set(`${a.call} ${a.generation} ${a.fingerprint}`, {
          attempt: e.attempt,
          status: e.status,
          ask: asks.get(a.call) ?? 1,
        })
    }
    if (e.type === 'attempt-sent' && !e.probe && e.call) {
      const first = refused.get(`${e.call} ${e.generation} ${e.fingerprint}`)
      if (first && !flagged.has(e.call)) {
        flagged.add(e.call)
        const v = calls.get(e.call)
        const ask = asks.get(e.call) ?? 1
        out.push({
          judge: 'permanent-error-retried',
          call: e.call,
          tool: v?.tool || null,
          boundaries: v ? boundariesOf(v) : [],
          message:
            ask === first.ask
              ? `${e.call}: attempt ${e.attempt} resent the request that attempt ${first.attempt} had been refused with ${first.status}`
              : // The model asked again; the process knew.
                `${e.call}: ask ${ask} sent again (attempt ${e.attempt}) the request refused with ${first.status} in ask ${first.ask} (attempt ${first.attempt}): the model asked again, and the process that was told did not remember the refusal`,
        })
      }
    }
  }
  return out
}
