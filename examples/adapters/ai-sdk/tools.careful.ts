// The support agent's tools written carefully, in the
// AI SDK's documented style (tool({ … }), context via
// toolsContext: node_modules/ai/docs/03-ai-sdk-core/
// 17-runtime-and-tool-context.mdx). The key comes from
// the operation in `context`, never from toolCallId;
// each tool says its outcome as faultline's envelope.
import { tool } from 'ai'
import { z } from 'zod'
import { envelopeSchema, operationOf } from '../../../faultline/adapters/ai-sdk.ts'
import type { BootContext, Envelope } from '../../../faultline/index.ts'
import { carefulSupport } from '../support/careful-support.ts'

// Without an operation there is no safe key:
// refuse before anything is sent.
const noOperation: Envelope = {
  status: 'FAILED_NO_EFFECT',
  retry_safe: false,
  effect: null,
  action_taken: 'not-sent',
  message: 'No operation in the tool context (context.faultline): nothing was sent.',
}

/** Made per process: the support code keeps its state in faultline's storage. */
export function carefulTools(ctx?: Pick<BootContext, 'storage'>) {
  const support = carefulSupport({ storage: ctx?.storage })
  return {
    refund_order: tool({
      description: 'Refund an order to the card it was paid with.',
      inputSchema: z.object({
        order_id: z.string().describe('The order, e.g. ORD-1042'),
        payment_intent: z.string().describe("The order's Stripe payment intent (pi_…)"),
        amount: z.number().describe('How much to refund, in major units (49.90)'),
        currency: z.string().describe('ISO 4217 code, e.g. eur'),
        reason: z.string().optional().describe('Why, in a few words'),
      }),
      outputSchema: envelopeSchema,
      execute: async (input, { context, abortSignal }) => {
        const op = operationOf(context)
        return op ? support.refundOrder(input, op, abortSignal) : noOperation
      },
    }),
    send_refund_confirmation: tool({
      description: 'E-mail the customer that their refund is on its way.',
      inputSchema: z.object({
        order_id: z.string().describe('The refunded order'),
        email: z.string().describe("The customer's e-mail address"),
      }),
      outputSchema: envelopeSchema,
      execute: async (input, { context, abortSignal }) => {
        const op = operationOf(context)
        return op ? support.sendRefundConfirmation(input, op, abortSignal) : noOperation
      },
    }),
  }
}
