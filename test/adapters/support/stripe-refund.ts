// A refund through stripe-node at its default host,
// as a team's refund_order would make it.
import Stripe from 'stripe'

export interface StripeRefundOptions {
  /** The idempotency key; none if left out. */
  readonly key?: string
  /** stripe-node's maxNetworkRetries; its default if left out. */
  readonly retries?: number
}

/** A new client each call: no connection kept from the last. */
export function stripeRefund(input: { payment_intent: string; amount: number }, options: StripeRefundOptions = {}) {
  const stripe = new Stripe(
    'sk_test_faultline',
    options.retries === undefined ? {} : { maxNetworkRetries: options.retries },
  )
  return stripe.refunds.create(
    { payment_intent: input.payment_intent, amount: Math.round(input.amount * 100) },
    options.key === undefined ? undefined : { idempotencyKey: options.key },
  )
}
