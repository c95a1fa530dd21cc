// What the ledger says about one cell of the matrix: did the effect happen
// before the client saw what it saw, later, or not at all? Read from the run's
// history (the ledger's effects, attributed to the call by the harness).
import type { CallId, History } from '../history/history.ts'
import { eventsOf } from '../history/history.ts'

/**
 * - `applied`: the effect was in the ledger when the client's answer came.
 * - `not-applied`: no effect, by the end of the run (settling included).
 * - `depends-on-timing`: not yet when the client's answer came; it landed later (a slow or
 *   held request, an upstream that finished after its gateway gave up, a first send in flight).
 */
export type Truth = 'applied' | 'not-applied' | 'depends-on-timing'

export const TRUTHS: readonly Truth[] = ['applied', 'not-applied', 'depends-on-timing']

/** The truth for `call`, whose observation ended when its outcome was reported; null if it reported none. */
export function truthOf(history: History, call: CallId): Truth | null {
  const reported = eventsOf(history, 'outcome-reported').find((e) => e.call === call)
  if (!reported) return null
  const effects = eventsOf(history, 'effect-applied').filter((e) => e.call === call)
  if (effects.length === 0) return 'not-applied'
  return effects[0]!.t <= reported.t ? 'applied' : 'depends-on-timing'
}
