// The reconciliation rule (rule 4): how to look for
// an effect that may have landed, when a miss means
// "not there", and whether to look before resending.
import type { Intent } from './intent-log.ts'
import { sleep } from './sleep.ts'
import type { Probe } from './tools/tool-adapter.ts'

/** One probe, by the client reference. */
export type Look = (timeoutMs: number) => Promise<Probe>

/** What looking established. */
export type Finding =
  | { readonly found: string } // it happened: the effect's id
  | { readonly absent: true } // not there by the rule: resend, same key
  | { readonly noEffect: true } // proof it never happened: not done
  | { readonly inconclusive: true } // errors, or cut short by the budget
  | { readonly unsupported: true } // the service offers no way to look

export interface ReconciliationRule {
  /** Look, as the rule says, within `budget()` ms. */
  settle(look: Look, budget: () => number): Promise<Finding>
  /** Look before resending a PENDING/UNKNOWN op? */
  lookBeforeResending(prior: Intent): boolean
}

/** Spaced out: reads lag, requests land late. */
export const PROBE_DELAYS_MS: readonly number[] = [500, 1_500, 3_000]
export const PROBE_TIMEOUT_MS = 2_000

/**
 * The reference: three spaced-out probes. Only
 * the last miss means "not there" (absent, never
 * `noEffect`); it always looks before resending.
 */
export const spacedOutProbes: ReconciliationRule = {
  async settle(look, budget) {
    let lastMissed = false
    for (const [i, delay] of PROBE_DELAYS_MS.entries()) {
      if (budget() < delay + PROBE_TIMEOUT_MS) break
      await sleep(delay)
      const probe = await look(Math.min(PROBE_TIMEOUT_MS, budget()))
      if ('unsupported' in probe) return { unsupported: true }
      if ('found' in probe && probe.found) return { found: probe.found }
      lastMissed = i === PROBE_DELAYS_MS.length - 1 && 'found' in probe
    }
    return lastMissed ? { absent: true } : { inconclusive: true }
  },
  lookBeforeResending: () => true,
}
