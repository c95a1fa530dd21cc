import { callsOf } from './calls.ts'
import type { History } from '../history/history.ts'
import { isAbortCall } from '../history/call-ids.ts'

export interface VerificationCost {
  /** Tool calls that sent at least one request. */
  readonly calls: number
  /** Reconciliation reads, in all. */
  readonly probes: number
  /** Side-effecting requests beyond each call's first. */
  readonly extraAttempts: number
}

/**
 * What certainty cost: probes and
 * extra attempts per tool call.
 */
export function verificationCost(history: History): VerificationCost {
  let calls = 0
  let probes = 0
  let extra = 0
  for (const v of callsOf(history).values()) {
    if (isAbortCall(v.call) || v.attempts.length === 0) continue
    calls++
    // A token fetched is not a look (a probe's team
    // read PayPal's as verification cost).
    probes += v.attempts.filter((a) => a.probe && !a.setup).length
    extra += Math.max(0, v.attempts.filter((a) => !a.probe).length - 1)
  }
  return { calls, probes, extraAttempts: extra }
}
