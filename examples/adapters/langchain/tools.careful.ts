// The support agent's tools, the careful way: the key
// from the operation the agent names in
// config.configurable.faultline (never the per-ask
// tool call id), the deadline from it too, and the
// outcome returned as faultline's envelope.
import { tool } from 'langchain'
import * as z from 'zod'
import { operationOf } from '../../../faultline/adapters/langchain.ts'
import type { BootContext, Envelope } from '../../../faultline/index.ts'
import { carefulSupport } from '../support/careful-support.ts'

/** Nothing was sent: no operation, no key. */
const NO_OPERATION: Envelope = {
  status: 'FAILED_NO_EFFECT',
  retry_safe: false,
  effect: null,
  action_taken: 'not-sent',
  message: 'No operation in config.configurable.faultline: nothing done without an idempotency key.',
}

/**
 * Per process: its durable storage keeps what a crash
 * must not forget. LangChain tools declare no output
 * schema (ToolWrapperParams, @langchain/core dist/
 * tools/index.d.ts): the envelope goes back as the
 * ToolMessage's JSON text.
 */
export function carefulTools(ctx: Pick<BootContext, 'storage'>) {
  const support = carefulSupport({ storage: ctx.storage })

  const refundOrder = tool(
    async (input, config): Promise<Envelope> => {
      const op = operationOf(config.configurable)
      return op ? support.refundOrder(input, op, config.signal) : NO_OPERATION
    },
    {
      name: 'refund_order',
      description: "Refund (part of) an order's payment. Safe to ask again: one operation refunds once.",
      schema: z.object({
        order_id: z.string().describe('The order, e.g. ORD-1'),
        payment_intent: z.string().describe('The Stripe payment intent, pi_…'),
        amount: z.number().describe('Major units, e.g. 49.90'),
        currency: z.string().describe('ISO code, e.g. eur'),
        reason: z.string().optional(),
      }),
    },
  )

  const sendRefundConfirmation = tool(
    async (input, config): Promise<Envelope> => {
      const op = operationOf(config.configurable)
      return op ? support.sendRefundConfirmation(input, op, config.signal) : NO_OPERATION
    },
    {
      name: 'send_refund_confirmation',
      description: 'E-mail the customer that their refund is on its way. One operation sends once.',
      schema: z.object({ order_id: z.string(), email: z.string().describe("The customer's address") }),
    },
  )

  return [refundOrder, sendRefundConfirmation]
}
