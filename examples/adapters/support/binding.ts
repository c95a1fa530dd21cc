// faultline's plan onto the support agent's tools,
// the same in every framework: team argument ←
// faultline argument, per tool.
import type { Binding } from '../../../faultline/index.ts'

export const binding: Binding = {
  issue_refund: {
    tool: 'refund_order',
    args: {
      order_id: 'order_id',
      payment_intent: 'payment_intent',
      amount: 'amount',
      currency: 'currency',
      reason: 'reason',
    },
  },
  send_email: { tool: 'send_refund_confirmation', args: { order_id: 'order_id', email: 'to' } },
}
