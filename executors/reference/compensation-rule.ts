// On abort, which effect of an intent to
// compensate. An UNKNOWN one is reconciled first;
// one that cannot be settled goes to a person.
import type { Intent } from './intent-log.ts'
import type { Finding } from './reconciliation.ts'

export type Compensation = { readonly effectId: string } | { readonly nothing: true } | { readonly humanReview: true }

/** `lookUp` reconciles and records the finding. */
export type CompensationRule = (intent: Intent, lookUp: () => Promise<Finding>) => Promise<Compensation>

export const reconcileFirst: CompensationRule = async (intent, lookUp) => {
  if (intent.status === 'SUCCEEDED') return intent.effect_id ? { effectId: intent.effect_id } : { nothing: true }
  if (intent.status !== 'PENDING' && intent.status !== 'UNKNOWN') return { nothing: true }
  const finding = await lookUp()
  if ('found' in finding) return { effectId: finding.found }
  if ('absent' in finding || 'noEffect' in finding) return { nothing: true } // it never happened: nothing to compensate
  return { humanReview: true }
}
