// The same agent, careful: the same 5 s timeoutMs,
// but when it fires the model is told the truth,
// that the outcome is unknown and not to ask
// again (timeoutErrorFunction), and each tool
// keys on the operation and answers with its own
// envelope (examples/adapters/support).
// In a team's repo: from 'faultline/adapters/openai-agents'.
import { Agent, tool } from '@openai/agents'
import { z } from 'zod'
import { envelopeSchema, openAiAgentsLoopExecutor, operationOf } from '../../../faultline/adapters/openai-agents.ts'
import type { BootContext, Envelope } from '../../../faultline/index.ts'
import { binding } from '../../adapters/support/binding.ts'
import { carefulSupport } from '../../adapters/support/careful-support.ts'

const TOOL_TIMEOUT_MS = 5_000

// Without an operation there is no safe key:
// refuse before anything is sent.
const noOperation: Envelope = {
  status: 'FAILED_NO_EFFECT',
  retry_safe: false,
  effect: null,
  action_taken: 'not-sent',
  message: 'No operation in the run context (context.faultline): nothing was sent.',
}

/**
 * What the model hears when the race is lost:
 * the call is still running, so it may land.
 */
const stillRunning = (effect: string) => (): Envelope => ({
  status: 'UNKNOWN',
  retry_safe: false,
  effect: null,
  action_taken: 'timed-out-still-running',
  message: `The ${effect} is still in progress after ${TOOL_TIMEOUT_MS / 1000} s and may have happened: do not ask again; check its status.`,
})

/**
 * With an outputSchema the default on timeout is
 * to throw (dist/tool.mjs, tool():
 * timeoutBehavior 'raise_exception'); a result
 * needs 'error_as_result' and its own function.
 */
function supportAgent(model: ConstructorParameters<typeof Agent>[0]['model'], ctx: Pick<BootContext, 'storage'>) {
  const support = carefulSupport({ storage: ctx.storage })
  const refundOrder = tool({
    name: 'refund_order',
    description: 'Refund an order to the card it was paid with.',
    parameters: z.object({
      order_id: z.string().describe('The order, e.g. ORD-1042'),
      payment_intent: z.string().describe("The order's Stripe payment intent (pi_…)"),
      amount: z.number().describe('How much to refund, in major units (49.90)'),
      currency: z.string().describe('ISO 4217 code, e.g. eur'),
      reason: z.string().optional().describe('Why, in a few words'),
    }),
    outputSchema: envelopeSchema,
    timeoutMs: TOOL_TIMEOUT_MS,
    timeoutBehavior: 'error_as_result',
    timeoutErrorFunction: stillRunning('refund'),
    execute: async (input, runContext, details) => {
      const op = operationOf(runContext?.context)
      return op ? support.refundOrder(input, op, details?.signal) : noOperation
    },
  })
  const sendRefundConfirmation = tool({
    name: 'send_refund_confirmation',
    description: 'E-mail the customer that their refund is on its way.',
    parameters: z.object({
      order_id: z.string().describe('The refunded order'),
      email: z.string().describe("The customer's e-mail address"),
    }),
    outputSchema: envelopeSchema,
    timeoutMs: TOOL_TIMEOUT_MS,
    timeoutBehavior: 'error_as_result',
    timeoutErrorFunction: stillRunning('e-mail'),
    execute: async (input, runContext, details) => {
      const op = operationOf(runContext?.context)
      return op ? support.sendRefundConfirmation(input, op, details?.signal) : noOperation
    },
  })
  return new Agent({
    name: 'Support',
    instructions: 'You refund orders and confirm refunds to customers by e-mail.',
    model,
    tools: [refundOrder, sendRefundConfirmation],
  })
}

export default openAiAgentsLoopExecutor({
  name: 'openai-agents-careful',
  agent: (model, ctx) => supportAgent(model, ctx),
  binding,
})
