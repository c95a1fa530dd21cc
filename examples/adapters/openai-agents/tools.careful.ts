// The support agent's tools written carefully, in
// Agents JS's documented style (tool({ name,
// parameters, execute }); local context as the
// run context: openai.github.io/openai-agents-js/
// guides/context). The key comes from the operation
// in `runContext.context`, never from the per-turn
// `details.toolCall.callId`; each tool says its
// outcome as faultline's envelope.
import { tool } from '@openai/agents'
import { z } from 'zod'
import { envelopeSchema, operationOf } from '../../../faultline/adapters/openai-agents.ts'
import type { BootContext, Envelope } from '../../../faultline/index.ts'
import { carefulSupport } from '../support/careful-support.ts'

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
 * Made per process: the support code keeps its
 * state in faultline's storage. With outputSchema
 * the result is checked, and the runner sends the
 * model its JSON (agents-core dist/runner/
 * toolExecution.mjs, getToolCallOutputItem).
 */
export function carefulTools(ctx?: Pick<BootContext, 'storage'>) {
  const support = carefulSupport({ storage: ctx?.storage })
  return [
    tool({
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
      execute: async (input, runContext, details) => {
        const op = operationOf(runContext?.context)
        return op ? support.refundOrder(input, op, details?.signal) : noOperation
      },
    }),
    tool({
      name: 'send_refund_confirmation',
      description: 'E-mail the customer that their refund is on its way.',
      parameters: z.object({
        order_id: z.string().describe('The refunded order'),
        email: z.string().describe("The customer's e-mail address"),
      }),
      outputSchema: envelopeSchema,
      execute: async (input, runContext, details) => {
        const op = operationOf(runContext?.context)
        return op ? support.sendRefundConfirmation(input, op, details?.signal) : noOperation
      },
    }),
  ]
}
