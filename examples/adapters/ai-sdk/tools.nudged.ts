// The support agent's tools as the AI SDK's docs write
// them (node_modules/ai/docs/03-ai-sdk-core/15-tools-
// and-tool-calling.mdx): tool({ description, inputSchema,
// execute }), errors thrown to become tool-error parts.
// The nudge: the only id execute gets is toolCallId,
// new every turn, so it becomes the idempotency key.
import { tool } from 'ai'
import { z } from 'zod'
import { nudgedSupport } from '../support/nudged-support.ts'

const support = nudgedSupport()

export const refund_order = tool({
  description: 'Refund an order to the card it was paid with.',
  inputSchema: z.object({
    order_id: z.string().describe('The order, e.g. ORD-1042'),
    payment_intent: z.string().describe("The order's Stripe payment intent (pi_…)"),
    amount: z.number().describe('How much to refund, in major units (49.90)'),
    currency: z.string().describe('ISO 4217 code, e.g. eur'),
    reason: z.string().optional().describe('Why, in a few words'),
  }),
  execute: async (input, { toolCallId }) => support.refundOrder(input, toolCallId),
})

export const send_refund_confirmation = tool({
  description: 'E-mail the customer that their refund is on its way.',
  inputSchema: z.object({
    order_id: z.string().describe('The refunded order'),
    email: z.string().describe("The customer's e-mail address"),
  }),
  execute: async (input, { toolCallId }) => support.sendRefundConfirmation(input, toolCallId),
})

/** What the agent passes generateText({ tools }). */
export const tools = { refund_order, send_refund_confirmation }
