// Envelopes a team's refund tool returns as its own
// outcome, for the tests that it is used as is.
import type { Envelope } from '../../../faultline/index.ts'

/** Refunded, once. */
export const refunded: Envelope = {
  status: 'SUCCEEDED',
  retry_safe: false,
  effect: { type: 'refund', id: 're_inline' },
  action_taken: 'sent',
  message: 'Refunded.',
}

/** Refused: nothing sent, and not to be retried. */
export const refused: Envelope = {
  status: 'FAILED_NO_EFFECT',
  retry_safe: false,
  effect: null,
  action_taken: 'policy-refused',
  message: 'Refunds need a person today.',
}
