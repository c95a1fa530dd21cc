// Bug: PayPal calls without Prefer: return=representation: the minimal answer has no capture id, so a charge is reported (and compensated) by the wrong id.
// Caught by: uncompensated-effect.
// PayPal's Orders and Payments APIs answer
// `return=minimal` by default: id, status and
// links (docs/vendors.md P10). The order id is
// there, the capture id is not; the reference's
// fallback names the effect by its key, and the
// compensating refund of that "capture" is a
// RESOURCE_NOT_FOUND: the charge stays.
import type { JudgeName } from '../../harness/contract/names.ts'
import { createReferenceExecutor, REFERENCE_POLICY } from '../reference/reference.ts'
import { byVendor, type ToolChoice } from '../reference/tool-choice.ts'
import { paypalTools } from '../reference/vendors/paypal.ts'

export const catches: JudgeName = 'uncompensated-effect'

const minimalAnswers: ToolChoice = (ctx) =>
  ctx.vendors.payments === 'paypal'
    ? { ...byVendor(ctx), ...paypalTools(ctx.services.payments, { representation: false }) }
    : byVendor(ctx)

export default {
  ...createReferenceExecutor({ ...REFERENCE_POLICY, tools: minimalAnswers }, 'paypal-minimal-response'),
  // Its mistake is PayPal's: a campaign with PayPal.
  declare: () => ({ vendors: ['paypal', 'resend', 'ses', 'sendgrid'] as const }),
}
