// The support agent's tools as LangChain's docs write
// them (docs.langchain.com/oss/javascript/langchain/
// tools): tool() from "langchain", a zod schema. The
// key is the tool call's id, the one id a tool gets:
// a new one every ask, so a retry refunds twice.
import { tool } from 'langchain'
import * as z from 'zod'
import { nudgedSupport } from '../support/nudged-support.ts'

const support = nudgedSupport()

export const refundOrder = tool(
  // The SDK's refund; its errors thrown.
  async (input, config) => support.refundOrder(input, String(config.toolCall?.id)),
  {
    name: 'refund_order',
    description: "Refund (part of) an order's payment.",
    schema: z.object({
      order_id: z.string().describe('The order, e.g. ORD-1'),
      payment_intent: z.string().describe('The Stripe payment intent, pi_…'),
      amount: z.number().describe('Major units, e.g. 49.90'),
      currency: z.string().describe('ISO code, e.g. eur'),
      reason: z.string().optional(),
    }),
  },
)

export const sendRefundConfirmation = tool(
  async (input, config) => support.sendRefundConfirmation(input, String(config.toolCall?.id)),
  {
    name: 'send_refund_confirmation',
    description: 'E-mail the customer that their refund is on its way.',
    schema: z.object({ order_id: z.string(), email: z.string().describe("The customer's address") }),
  },
)

/** What the agent gets: createAgent({ model, tools }). */
export const tools = [refundOrder, sendRefundConfirmation]
