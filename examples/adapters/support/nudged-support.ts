// The support agent's two side effects as the
// frameworks nudge a team to write them: SDK
// defaults, the per-turn tool-call id as the key,
// the SDK's object back and any error thrown.
import { Resend } from 'resend'
import Stripe from 'stripe'
import type { ConfirmationInput, RefundInput } from './careful-support.ts'

export function nudgedSupport() {
  const stripe = new Stripe(process.env.STRIPE_SECRET_KEY ?? 'sk_test_faultline')
  const resend = new Resend(process.env.RESEND_API_KEY ?? 're_test_faultline')
  return {
    /** The id is new every ask: asked again, it refunds again. */
    refundOrder(input: RefundInput, perTurnId: string): Promise<Stripe.Refund> {
      return stripe.refunds.create(
        {
          payment_intent: input.payment_intent,
          amount: Math.round(input.amount * 100),
          metadata: { order_id: input.order_id },
        },
        { idempotencyKey: perTurnId },
      )
    },

    async sendRefundConfirmation(input: ConfirmationInput, perTurnId: string): Promise<{ id: string }> {
      const { data, error } = await resend.emails.send(
        {
          from: 'Support <support@shop.test>',
          to: input.email,
          subject: `Your refund for order ${input.order_id}`,
          text: `We have refunded your order ${input.order_id}.`,
        },
        { idempotencyKey: perTurnId },
      )
      if (error) throw new Error(`${error.name}: ${error.message}`)
      return data
    },
  }
}
