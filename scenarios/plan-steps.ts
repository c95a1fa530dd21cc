// The steps a generated plan is made of:
// orders, amounts, and each step's args as
// the model first writes them.
import type { PlanStep, SeededPaymentIntent } from '../harness/scenario/scenario.ts'

/** The tools a generated plan uses. */
export type PlanTool = 'issue_refund' | 'charge_card' | 'send_email'

/**
 * Orders the plans use, each paid by its
 * own payment intent (500.00 EUR).
 */
export const ORDERS = [
  { order_id: 'ORD-1042', payment_intent: 'pi_ord1042' },
  { order_id: 'ORD-2077', payment_intent: 'pi_ord2077' },
  { order_id: 'ORD-3150', payment_intent: 'pi_ord3150' },
] as const

export const AMOUNTS = [49.9, 12.5, 120, 7.99] as const

export const PAYMENT_INTENTS: readonly SeededPaymentIntent[] = ORDERS.map((o) => ({
  id: o.payment_intent,
  amount: 50_000,
  currency: 'eur',
}))

/** The address the confirmation e-mails go to. */
export const CUSTOMER = 'customer@mail.test'

/**
 * A step of `tool` for ORDERS[order], as
 * the model first asks for it.
 */
export function planStep(tool: PlanTool, order: number, amount: number, stepId: string): PlanStep {
  const o = ORDERS[order]!
  if (tool === 'charge_card') return { stepId, tool, args: { order_id: o.order_id, amount, currency: 'eur' } }
  if (tool === 'send_email')
    return { stepId, tool, args: { to: CUSTOMER, template: 'refund_confirmation', order_id: o.order_id } }
  return { stepId, tool, args: { payment_intent: o.payment_intent, amount, currency: 'eur', order_id: o.order_id } }
}
