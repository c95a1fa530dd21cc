// The support agent's tools written carefully, in the
// MCP SDK's documented style (registerTool with an
// outputSchema, answering content and structuredContent:
// node_modules/@modelcontextprotocol/sdk/dist/esm/
// examples/server/mcpServerOutputSchema.js). The key
// comes from the operation in `extra._meta`, never from
// `extra.requestId`; each tool says its outcome as
// faultline's envelope, so no classifier guesses.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { z } from 'zod'
import { envelopeSchema, operationOf } from '../../../faultline/adapters/mcp.ts'
import type { BootContext, Envelope } from '../../../faultline/index.ts'
import { carefulSupport } from '../support/careful-support.ts'

// Without an operation there is no safe key:
// refuse before anything is sent.
const noOperation: Envelope = {
  status: 'FAILED_NO_EFFECT',
  retry_safe: false,
  effect: null,
  action_taken: 'not-sent',
  message: 'No operation in the request’s _meta (_meta.faultline): nothing was sent.',
}

const reply = (env: Envelope) => ({
  content: [{ type: 'text' as const, text: JSON.stringify(env) }],
  structuredContent: { ...env },
})

// Honest hints: keyed per operation, a repeat
// acts once; a refund cannot be taken back.
const annotations = { idempotentHint: true, destructiveHint: true }

/** One server per process: its state lives in faultline's storage. */
export function carefulServer(ctx?: Pick<BootContext, 'storage'>): McpServer {
  const support = carefulSupport({ storage: ctx?.storage })
  const server = new McpServer({ name: 'support', version: '1.0.0' })
  server.registerTool(
    'refund_order',
    {
      description: 'Refund an order to the card it was paid with.',
      inputSchema: {
        order_id: z.string().describe('The order, e.g. ORD-1042'),
        payment_intent: z.string().describe("The order's Stripe payment intent (pi_…)"),
        amount: z.number().describe('How much to refund, in major units (49.90)'),
        currency: z.string().describe('ISO 4217 code, e.g. eur'),
        reason: z.string().optional().describe('Why, in a few words'),
      },
      outputSchema: envelopeSchema,
      annotations,
    },
    async (input, extra) => {
      const op = operationOf(extra._meta)
      return reply(op ? await support.refundOrder(input, op, extra.signal) : noOperation)
    },
  )
  server.registerTool(
    'send_refund_confirmation',
    {
      description: 'E-mail the customer that their refund is on its way.',
      inputSchema: {
        order_id: z.string().describe('The refunded order'),
        email: z.string().describe("The customer's e-mail address"),
      },
      outputSchema: envelopeSchema,
      annotations,
    },
    async (input, extra) => {
      const op = operationOf(extra._meta)
      return reply(op ? await support.sendRefundConfirmation(input, op, extra.signal) : noOperation)
    },
  )
  return server
}
