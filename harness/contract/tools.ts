// The tools the simulated model can call. Executors
// derive idempotency keys from the identity fields
// (what makes two asks one operation), not free text.

export interface ToolSpec {
  readonly name: string
  /** Which mock service performs the effect. */
  readonly service: 'payments' | 'email'
  /** Arguments that identify the operation (not `reason`). */
  readonly identity: readonly string[]
  /** One line for humans. */
  readonly description: string
}

export const ISSUE_REFUND: ToolSpec = {
  name: 'issue_refund',
  service: 'payments',
  identity: ['payment_intent', 'amount', 'currency', 'order_id'],
  description: 'Refund `amount` (major units, e.g. 49.90) of a payment intent for an order.',
}

export const CHARGE_CARD: ToolSpec = {
  name: 'charge_card',
  service: 'payments',
  identity: ['order_id', 'amount', 'currency'],
  description: 'Charge the customer `amount` (major units) for an order. Compensated by a refund.',
}

export const SEND_EMAIL: ToolSpec = {
  name: 'send_email',
  service: 'email',
  identity: ['to', 'template', 'order_id'],
  description: 'Send the customer an e-mail from a template (e.g. refund_confirmation) about an order. Irreversible.',
}

export const TOOLS: Readonly<Record<string, ToolSpec>> = {
  [CHARGE_CARD.name]: CHARGE_CARD,
  [ISSUE_REFUND.name]: ISSUE_REFUND,
  [SEND_EMAIL.name]: SEND_EMAIL,
}
