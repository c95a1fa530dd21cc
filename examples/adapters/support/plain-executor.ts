// carefulSupport as a plain Executor, bound as the
// examples bind it: its logic gated without a
// framework, and the adapters' bench baseline.
import { type ConfirmationInput, carefulSupport, type RefundInput } from './careful-support.ts'
import type { Envelope, Executor, IdentityPolicy } from '../../../faultline/index.ts'

const NOT_OFFERED: Envelope = {
  status: 'FAILED_NO_EFFECT',
  retry_safe: false,
  effect: null,
  action_taken: 'not-offered',
  message: 'This agent does not charge cards.',
}

function asExecutor(identity: IdentityPolicy): Executor {
  return {
    name: `careful-support-${identity}`,
    declare: () => ({ tools: ['issue_refund', 'send_email'], identity }),
    async boot(ctx) {
      const support = carefulSupport({ storage: ctx.storage })
      return {
        async callTool(call) {
          const op = { runId: call.runId, stepId: call.stepId, deadline: call.deadline, identity }
          const a = call.args
          // The binding: issue_refund → refund_order, send_email → send_refund_confirmation.
          if (call.tool === 'issue_refund')
            return support.refundOrder(
              {
                order_id: a.order_id,
                payment_intent: a.payment_intent,
                // As bindArgs types it: "49.90" is 49.9.
                amount: Number(a.amount),
                currency: a.currency,
                reason: a.reason,
              } as RefundInput,
              op,
            )
          if (call.tool === 'send_email')
            return support.sendRefundConfirmation({ order_id: a.order_id, email: a.to } as ConfirmationInput, op)
          return NOT_OFFERED
        },
      }
    },
  }
}

export default asExecutor('per-step')
export const perRun = asExecutor('per-run')
