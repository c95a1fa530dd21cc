// Bug: Square's idempotency_key is the order (a charge) or the payment (a refund), and IDEMPOTENCY_KEY_REUSED is read as "already done".
// Caught by: false-success.
// A common Square integration: "one key per
// order, so a customer is never charged
// twice". A second charge of the same order
// (another amount, another step) is then a
// replay of the first payment, or Square's
// 400 IDEMPOTENCY_KEY_REUSED (Q5), which this
// reads as "that order was already charged":
// SUCCEEDED for a charge that never happened.
import type { JudgeName } from '../../harness/contract/names.ts'
import { referenceMapping } from '../reference/exception-mapping.ts'
import { createReferenceExecutor, REFERENCE_POLICY } from '../reference/reference.ts'
import { byVendor, type ToolChoice } from '../reference/tool-choice.ts'
import type { ToolAdapter } from '../reference/tools/tool-adapter.ts'
import { squareErrors } from '../reference/vendors/square-reading.ts'
import { squareTools } from '../reference/vendors/square.ts'

export const catches: JudgeName = 'false-success'

/** The key Square sees: the business id. */
function keyedBy(adapter: ToolAdapter<object>, field: 'reference_id' | 'payment_id'): ToolAdapter<object> {
  return {
    ...adapter,
    send: (body, key, stop, deadline) => {
      const id = (JSON.parse(body) as Record<string, unknown>)[field]
      return adapter.send(body, typeof id === 'string' ? `${field}-${id}`.slice(0, 45) : key, stop, deadline)
    },
  }
}

const orderKeys: ToolChoice = (ctx) => {
  if (ctx.vendors.payments !== 'square') return byVendor(ctx)
  const square = squareTools(ctx.services.payments)
  return {
    ...byVendor(ctx),
    charge_card: keyedBy(square.charge_card!, 'reference_id'),
    issue_refund: keyedBy(square.issue_refund!, 'payment_id'),
  }
}

export default {
  ...createReferenceExecutor(
    {
      ...REFERENCE_POLICY,
      tools: orderKeys,
      // "The key was used: that order is paid."
      mapping: (observed) =>
        'response' in observed && squareErrors(observed.response.body)?.some((e) => e.code === 'IDEMPOTENCY_KEY_REUSED')
          ? 'applied'
          : referenceMapping(observed),
    },
    'square-order-as-key',
  ),
  // Its mistake is Square's: a campaign with Square.
  declare: () => ({ vendors: ['square', 'resend', 'ses', 'sendgrid'] as const }),
}
