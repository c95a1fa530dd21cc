// The reconcile step (rule 4): a send may have
// landed, so look first; resend (same body, same
// key) only if the look allows it.
import type { Envelope } from '../../harness/contract/envelope.ts'
import { left, type Ask } from './ask.ts'
import type { Intent } from './intent-log.ts'
import { look } from './look.ts'
import type { ProcessState } from './process-state.ts'
import type { Finding } from './reconciliation.ts'
import { confirm, humanReview, provedAbsent, unresolved } from './report.ts'
import type { ToolAdapter } from './tools/tool-adapter.ts'

/** Older keys may be gone (Stripe, Resend: 24 h). */
const KEY_TRUST_MS = 23 * 60 * 60 * 1000

/** Look by the policy's rule, within `budget()`. */
export function lookUp(
  state: ProcessState,
  adapter: ToolAdapter<object>,
  intent: Intent,
  budget: () => number,
): Promise<Finding> {
  return state.policy.reconciliation.settle(
    (timeoutMs) => look(adapter, state.policy.mapping, intent, timeoutMs),
    budget,
  )
}

/** Look first: an envelope, or 'resend' if safe. */
export async function reconcile(ask: Ask): Promise<Envelope | 'resend'> {
  const finding = await lookUp(ask.state, ask.adapter, ask.intent, () => left(ask))
  if ('found' in finding) return confirm(ask, finding.found, 'probed-found')
  if ('unsupported' in finding) return humanReview(ask)
  if ('noEffect' in finding) return provedAbsent(ask)
  // Only a conclusive "not there" allows a resend:
  // services forget keys silently (24 h, a
  // volatile store's restart).
  if ('inconclusive' in finding) {
    const keyMayBeForgotten = Date.now() - ask.intent.created_at > KEY_TRUST_MS
    return unresolved(
      ask,
      keyMayBeForgotten
        ? 'the service may have forgotten the key and no probe could tell'
        : 'it could not be confirmed before the deadline',
    )
  }
  return 'resend' // looked, and it is not there: the same body with the same key
}
