// The reconciliation rule (rule 4): how to look for an operation's effect when
// a send may have landed — the probe schedule, and when a miss counts as "not
// there" — and whether to look before resending an operation an earlier ask
// left in doubt.
import type { Intent } from './intent-log.ts'
import { sleep } from './sleep.ts'
import type { Probe } from './tools/tool-adapter.ts'

/** One probe for the effect by its client reference, within `timeoutMs`. */
export type Look = (timeoutMs: number) => Promise<Probe>

/** What looking established. */
export type Finding =
  | { readonly found: string } // it happened: the effect's id
  | { readonly absent: true } // not there, by the rule's standard: the same body may be resent under the same key
  | { readonly noEffect: true } // taken as proof that it never happened: the call is reported not done
  | { readonly inconclusive: true } // no answer that settles it (errors, or a schedule cut short by the budget)
  | { readonly unsupported: true } // the service offers no way to look

export interface ReconciliationRule {
  /** Look (as often as the rule says) within `budget()` ms. */
  settle(look: Look, budget: () => number): Promise<Finding>
  /** Look first before resending an operation that an earlier ask, or a crashed process, left PENDING or UNKNOWN? */
  lookBeforeResending(prior: Intent): boolean
}

/** Waits before each probe: spaced out, since reads may lag writes and a request may land late. */
export const PROBE_DELAYS_MS: readonly number[] = [500, 1_500, 3_000]
export const PROBE_TIMEOUT_MS = 2_000

/**
 * The reference: three probes, spaced out. "Not there" is an answer only from the last, most
 * spaced-out probe: an earlier miss may just be early, and a schedule cut short by the deadline
 * proves nothing. A miss is never proof that it did not happen (so never `noEffect`): it only
 * allows a resend under the same key. And it always looks before resending: services forget keys
 * (after 24 h, or in a restart of a volatile store) and say nothing about it.
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
