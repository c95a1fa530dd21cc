// The support agent's tools as the AI SDK's docs
// write them ("Abort Signals", node_modules/ai/docs/
// 03-ai-sdk-core/15-tools-and-tool-calling.mdx): the
// loop's abortSignal forwarded to each request, an
// error thrown. Keyed by the operation, so asked
// again they act once: only the loop is at fault.
import { tool } from 'ai'
import { Resend } from 'resend'
import { z } from 'zod'
import { operationOf } from '../../../faultline/adapters/ai-sdk.ts'
import { minorUnits, operationKey, text } from '../../adapters/support/operation-key.ts'

const resend = new Resend(process.env.RESEND_API_KEY ?? 're_test_faultline')

/** The key names the operation, never the ask. */
function operation(context: unknown) {
  const op = operationOf(context)
  if (!op) throw new Error('No operation in the tool context (context.faultline).')
  return op
}

export const refund_order = tool({
  description: 'Refund an order to the card it was paid with.',
  inputSchema: z.object({
    order_id: z.string().describe('The order, e.g. ORD-1042'),
    payment_intent: z.string().describe("The order's Stripe payment intent (pi_…)"),
    amount: z.number().describe('How much to refund, in major units (49.90)'),
    currency: z.string().describe('ISO 4217 code, e.g. eur'),
    reason: z.string().optional().describe('Why, in a few words'),
  }),
  execute: async (input, { context, abortSignal }) => {
    // Normalised: the model re-words its asks.
    const amount = minorUnits(input.amount) ?? 0
    const order = text(input.order_id)?.toUpperCase() ?? ''
    const key = operationKey(operation(context), 'refund', { payment_intent: input.payment_intent, amount })
    // Stripe's REST API with fetch, so the signal
    // reaches the request (stripe-node takes none).
    const response = await fetch('https://api.stripe.com/v1/refunds', {
      method: 'POST',
      headers: {
        authorization: `Bearer ${process.env.STRIPE_SECRET_KEY ?? 'sk_test_faultline'}`,
        'content-type': 'application/x-www-form-urlencoded',
        'idempotency-key': key,
      },
      body: new URLSearchParams({
        payment_intent: input.payment_intent,
        amount: String(amount),
        'metadata[order_id]': order,
      }),
      signal: abortSignal,
    })
    const body = (await response.json()) as { id?: string; error?: { message?: string } }
    if (!response.ok) throw new Error(`Stripe ${response.status}: ${body.error?.message ?? 'no message'}`)
    return body
  },
})

export const send_refund_confirmation = tool({
  description: 'E-mail the customer that their refund is on its way.',
  inputSchema: z.object({
    order_id: z.string().describe('The refunded order'),
    email: z.string().describe("The customer's e-mail address"),
  }),
  execute: async (input, { context, abortSignal }) => {
    const key = operationKey(operation(context), 'email', { to: input.email, order_id: input.order_id })
    const { data, error } = await resend.emails.send(
      {
        from: 'Support <support@shop.test>',
        to: input.email,
        subject: `Your refund for order ${input.order_id}`,
        text: `We have refunded your order ${input.order_id}.`,
      },
      { idempotencyKey: key, signal: abortSignal },
    )
    if (error) throw new Error(`${error.name}: ${error.message}`)
    return data
  },
})

/** What the agent gets: new ToolLoopAgent({ tools }). */
export const tools = { refund_order, send_refund_confirmation }
