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
 * that was told, after a 400/422. A
 * successor of a crashed process is not
 * blamed: it never learnt of the refusal.
 */
export function permanentErrorRetried(history: History): Violation[] {
  const calls = callsOf(history)
  const sent = new Map(eventsOf(history, 'attempt-sent').map((a) => [a.attempt, a]))
  const refused = new Map<string, { attempt: number; status: number }>() // `${call} ${generation} ${fingerprint}` → first refusal
  const out: Violation[] = []
  const flagged = new Set<string>()
  for (const e of history) {
    if (e.type === 'answered' && e.status !== null && PERMANENT.has(e.status)) {
      const a = sent.get(e.attempt)
      if (a && !a.probe && a.call)
        refused.set(`${a.call} ${a.generation} ${a.fingerprint}`, { attempt: e.attempt, status: e.status })
    }
    if (e.type === 'attempt-sent' && !e.probe && e.call) {
      const first = refused.get(`${e.call} ${e.generation} ${e.fingerprint}`)
      if (first && !flagged.has(e.call)) {
        flagged.add(e.call)
        const v = calls.get(e.call)
        out.push({
          judge: 'permanent-error-retried',
          call: e.call,
          tool: v?.tool || null,
          boundaries: v ? boundariesOf(v) : [],
          message: `${e.call}: attempt ${e.attempt} resent the request that attempt ${first.attempt} had been refused with ${first.status}`,
        })
      }
    }
  }
  return out
}
