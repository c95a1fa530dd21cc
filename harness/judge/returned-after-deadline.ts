import type { History } from '../history/history.ts'
import { boundariesOf, callsOf } from './calls.ts'
import type { Violation } from './finding.ts'
import { turnDeadlines } from './turns.ts'

/** Virtual ms a report may overrun the deadline (to format it). */
export const RETURN_GRACE_MS = 500

/** An answer later than the turn's deadline plus a grace. */
export function returnedAfterDeadline(history: History): Violation[] {
  const deadlineAt = turnDeadlines(history)
  const calls = callsOf(history)
  const started = new Map<string, number>()
  const out: Violation[] = []
  for (const e of history) {
    if (e.type === 'call-started') started.set(`${e.call}#${e.ask}`, e.seq)
    if (e.type === 'abort-reported') {
      // abort() answers within its own turn
      // (the one in force when it answered).
      const deadline = deadlineAt(e.seq)
      if (e.t > deadline + RETURN_GRACE_MS) {
        out.push({
          judge: 'returned-after-deadline',
          call: `${e.run}#abort`,
          tool: null,
          boundaries: [],
          message: `${e.run}#abort: abort() answered at ${e.t} ms, ${e.t - deadline} ms after its deadline (${deadline} ms; grace ${RETURN_GRACE_MS} ms)`,
        })
      }
      continue
    }
    if (e.type !== 'outcome-reported') continue
    const deadline = deadlineAt(started.get(`${e.call}#${e.ask}`) ?? e.seq)
    if (e.t > deadline + RETURN_GRACE_MS) {
      const v = calls.get(e.call)
      out.push({
        judge: 'returned-after-deadline',
        call: e.call,
        tool: v?.tool || null,
        boundaries: v ? boundariesOf(v) : [],
        message: `${e.call}: ask ${e.ask} answered at ${e.t} ms, ${e.t - deadline} ms after the turn's deadline (${deadline} ms; grace ${RETURN_GRACE_MS} ms)`,
      })
    }
  }
  return out
}
