// Bug: PayPal refunds sent without a PayPal-Request-Id: a resend after a missed look is a second refund.
// Caught by: duplicate-effect.
// PayPal's idempotency page says "If you are
// using a REST SDK, idempotency and the
// PayPal-Request-Id header are abstracted for
// you", and a refund works without one; but
// @paypal/paypal-server-sdk 2.5.0 sends it only
// when given (docs/vendors.md P1, P14). Without
// it PayPal "duplicates the request".
import type { JudgeName } from '../../harness/contract/names.ts'
import { createReferenceExecutor, REFERENCE_POLICY } from '../reference/reference.ts'
import { byVendor, type ToolChoice } from '../reference/tool-choice.ts'
import { paypalTools } from '../reference/vendors/paypal.ts'

export const catches: JudgeName = 'duplicate-effect'

const noRequestId: ToolChoice = (ctx) =>
  ctx.vendors.payments === 'paypal'
    ? { ...byVendor(ctx), ...paypalTools(ctx.services.payments, { refundRequestId: false }) }
    : byVendor(ctx)

export default {
  ...createReferenceExecutor({ ...REFERENCE_POLICY, tools: noRequestId }, 'paypal-refund-without-request-id'),
  // Its mistake is PayPal's: a campaign with PayPal.
  declare: () => ({ vendors: ['paypal', 'resend', 'ses', 'sendgrid'] as const }),
}
