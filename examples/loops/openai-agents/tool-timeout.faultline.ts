// The incident (issue 23): a support agent in
// Agents JS's documented style, keyed on the
// operation as it should be, whose tools give up
// after 5 s with `timeoutMs`. The runner's race
// tells the model "Tool 'refund_order' timed out
// after 5000ms." while the refund keeps going and
// lands (agents-core 0.20.0 dist/tool.mjs,
// invokeFunctionToolWithTimeout): a false failure.
// In a team's repo: from 'faultline/adapters/openai-agents'.
import { Agent, tool } from '@openai/agents'
import { z } from 'zod'
import { openAiAgentsLoopExecutor, operationOf } from '../../../faultline/adapters/openai-agents.ts'
import { binding } from '../../adapters/support/binding.ts'
import { nudgedSupport } from '../../adapters/support/nudged-support.ts'
import { operationKey } from '../../adapters/support/operation-key.ts'

/** "No tool should hang the agent." */
const TOOL_TIMEOUT_MS = 5_000

function supportAgent(model: ConstructorParameters<typeof Agent>[0]['model']) {
  const support = nudgedSupport()
  // One key per operation, never per ask: a
  // second ask is answered, not applied again.
  const keyOf = (context: unknown, what: string, id: string) => {
    const op = operationOf(context)
    if (!op) throw new Error('No operation in the run context: nothing was sent.')
    return operationKey(op, what, { id })
  }
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
    // The default: the model is told "timed out".
    timeoutMs: TOOL_TIMEOUT_MS,
    execute: (input, runContext) =>
      support.refundOrder(input, keyOf(runContext?.context, 'refund', input.payment_intent)),
  })
  const sendRefundConfirmation = tool({
    name: 'send_refund_confirmation',
    description: 'E-mail the customer that their refund is on its way.',
    parameters: z.object({
      order_id: z.string().describe('The refunded order'),
      email: z.string().describe("The customer's e-mail address"),
    }),
    timeoutMs: TOOL_TIMEOUT_MS,
    execute: (input, runContext) =>
      support.sendRefundConfirmation(input, keyOf(runContext?.context, 'email', input.order_id)),
  })
  return new Agent({
    name: 'Support',
    instructions: 'You refund orders and confirm refunds to customers by e-mail.',
    model,
    tools: [refundOrder, sendRefundConfirmation],
  })
}

export default openAiAgentsLoopExecutor({
  name: 'openai-agents-tool-timeout',
  agent: (model) => supportAgent(model),
  binding,
})
