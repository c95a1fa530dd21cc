import { callsOf } from './calls.ts'
import type { History } from '../history/history.ts'

export interface UnresolvedMeasure {
  /** Tool calls that got at least one report. */
  readonly calls: number
  /** Of those, calls whose last report is UNKNOWN. */
  readonly unresolved: number
}

/**
 * A measure, not a violation: UNKNOWN is
 * an honest answer, but a costly one.
 */
export function unresolved(history: History): UnresolvedMeasure {
  let calls = 0
  let open = 0
  for (const v of callsOf(history).values()) {
    const last = v.reports.at(-1)
    if (!last) continue
    calls++
    if (last.envelope.status === 'UNKNOWN') open++
  }
  return { calls, unresolved: open }
}
