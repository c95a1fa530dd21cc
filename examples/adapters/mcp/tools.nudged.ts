// The support agent's tools as the MCP SDK's examples
// write them (node_modules/@modelcontextprotocol/sdk/
// dist/esm/examples/server/simpleStreamableHttp.js):
// new McpServer, registerTool(name, { description,
// inputSchema, annotations }, handler), errors thrown
// (mcp.js makes them `isError` results). The nudge:
// the only id a handler gets is `extra.requestId`, the
// client's counter: it restarts with each connection,
// so a restarted host reuses another operation's key.
// The hints are the ones teams copy, not the truth.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { z } from 'zod'
import { nudgedSupport } from '../support/nudged-support.ts'

const support = nudgedSupport()

/** What the team connects to stdio; one per process. */
export const server = new McpServer({ name: 'support', version: '1.0.0' })

const reply = (value: unknown) => ({ content: [{ type: 'text' as const, text: JSON.stringify(value) }] })

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
    annotations: { idempotentHint: true, destructiveHint: false },
  },
  async (input, extra) => reply(await support.refundOrder(input, String(extra.requestId))),
)

server.registerTool(
  'send_refund_confirmation',
  {
    description: 'E-mail the customer that their refund is on its way.',
    inputSchema: {
      order_id: z.string().describe('The refunded order'),
      email: z.string().describe("The customer's e-mail address"),
    },
    annotations: { idempotentHint: true, destructiveHint: false },
  },
  async (input, extra) => reply(await support.sendRefundConfirmation(input, String(extra.requestId))),
)
