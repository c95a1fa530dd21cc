// What the ledger says about one cell:
// did the effect happen before the client
// saw what it saw, later, or not at all?
import type { CallId, History } from '../history/history.ts'
import { eventsOf } from '../history/history.ts'

/**
 * - `applied`: in the ledger when the answer came.
 * - `not-applied`: no effect by the run's end.
 * - `depends-on-timing`: not yet at the answer;
 *   landed later (a held request, an upstream
 *   after its 504, a send in flight).
 */
export type Truth = 'applied' | 'not-applied' | 'depends-on-timing'

export const TRUTHS: readonly Truth[] = ['applied', 'not-applied', 'depends-on-timing']

/**
 * The truth for `call`, observed until its
 * outcome was reported; null if it reported none.
 */
export function truthOf(history: History, call: CallId): Truth | null {
  const reported = eventsOf(history, 'outcome-reported').find((e) => e.call === call)
  if (!reported) return null
  const effects = eventsOf(history, 'effect-applied').filter((e) => e.call === call)
  if (effects.length === 0) return 'not-applied'
  return effects[0]!.t <= reported.t ? 'applied' : 'depends-on-timing'
}
