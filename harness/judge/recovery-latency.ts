import { callsOf } from './calls.ts'
import type { History } from '../history/history.ts'

/**
 * For each tool call a fault struck: virtual ms from the first fault to the
 * first known outcome (SUCCEEDED or FAILED_NO_EFFECT) reported after it.
 * Calls that never reached a known outcome are counted by `unresolved`.
 */
export function recoveryLatency(history: History): number[] {
  const out: number[] = []
  for (const v of callsOf(history).values()) {
    const first = v.faults[0]
    if (!first) continue
    const known = v.reports.find((r) => r.seq > first.seq && r.envelope.status !== 'UNKNOWN')
    if (known) out.push(known.t - first.t)
  }
  return out
}
