// The support agent's tools as the Agents JS docs
// write them (openai.github.io/openai-agents-js/
// guides/tools): tool({ name, description,
// parameters: z.object(…), execute }), errors
// thrown for the default errorFunction to turn into
// its fixed sentence. The nudge: the only id execute
// gets is details.toolCall.callId, new every turn,
// so it becomes the idempotency key.
import { randomUUID } from 'node:crypto'
import { tool } from '@openai/agents'
import { z } from 'zod'
import { nudgedSupport } from '../support/nudged-support.ts'

const support = nudgedSupport()

export const refundOrder = tool({
  name: 'refund_order',
  description: 'Refund an order to the card it was paid with.',
  // Strict mode (the default) takes `.optional()`: it is
  // sent as nullable, the null stripped before parsing
  // (agents-core dist/utils/tools.mjs).
  parameters: z.object({
    order_id: z.string().describe('The order, e.g. ORD-1042'),
    payment_intent: z.string().describe("The order's Stripe payment intent (pi_…)"),
    amount: z.number().describe('How much to refund, in major units (49.90)'),
    currency: z.string().describe('ISO 4217 code, e.g. eur'),
    reason: z.string().optional().describe('Why, in a few words'),
  }),
  execute: async (input, _runContext, details) => support.refundOrder(input, details?.toolCall?.callId ?? randomUUID()),
})

export const sendRefundConfirmation = tool({
  name: 'send_refund_confirmation',
  description: 'E-mail the customer that their refund is on its way.',
  parameters: z.object({
    order_id: z.string().describe('The refunded order'),
    email: z.string().describe("The customer's e-mail address"),
  }),
  execute: async (input, _runContext, details) =>
    support.sendRefundConfirmation(input, details?.toolCall?.callId ?? randomUUID()),
})

/** What the agent passes new Agent({ tools }). */
export const tools = [refundOrder, sendRefundConfirmation]
