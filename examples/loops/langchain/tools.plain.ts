// The refund tool as a team first writes it:
// stripe-node at its defaults, no key of its
// own, its errors thrown. stripe-node keys
// each refunds.create() itself (one key for
// its own 2 resends, esm/RequestSender.js
// _defaultIdempotencyKey): a call made again
// from outside is a new key, a new refund.
import { tool } from 'langchain'
import Stripe from 'stripe'
import * as z from 'zod'

const stripe = new Stripe(process.env.STRIPE_SECRET_KEY ?? 'sk_test_faultline')

export const refundOrder = tool(
  async (input) =>
    stripe.refunds.create({
      payment_intent: input.payment_intent,
      amount: Math.round(input.amount * 100),
      metadata: { order_id: input.order_id },
    }),
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

/** What the agent gets: createAgent({ model, tools }). */
export const tools = [refundOrder]
