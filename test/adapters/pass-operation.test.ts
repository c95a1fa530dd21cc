// passOperation: false calls a team's tools as a
// production host does, nothing under `faultline`
// in the framework's channel: the tool keys by
// its arguments, and that branch is what runs.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { tool as agentsTool } from '@openai/agents'
import { tool as aiTool } from 'ai'
import { tool as langChainTool } from 'langchain'
import { describe, expect, it } from 'vitest'
import { eventsOf } from '../../harness/history/history.ts'
import { aiSdkExecutor } from '../../faultline/adapters/ai-sdk.ts'
import { AdapterError, langChainExecutor, operationOf } from '../../faultline/adapters/langchain.ts'
import { mcpExecutor, mcpLoopExecutor } from '../../faultline/adapters/mcp.ts'
import { openAiAgentsExecutor } from '../../faultline/adapters/openai-agents.ts'
import type { Executor } from '../../faultline/index.ts'
import { refundScenario } from '../support/scenario.ts'
import { refundBinding } from './support/refund-binding.ts'
import { type RefundInput, refundInput } from './support/refund-input.ts'
import { runAdapted } from './support/run-adapted.ts'
import { stripeRefund } from './support/stripe-refund.ts'

/** What each tool found in its channel. */
const channels: unknown[] = []

// Asked again after its success, re-worded
// (ORD-1 or ord-1, 49.9 or "49.90"): only a
// key from the normalised arguments holds.
const scenario = () => refundScenario({ model: { maxAsks: 1, regenerateArgs: true, askAgainAfterSuccess: true } })

/** Keyed by the arguments alone, as production must. */
async function refund(input: RefundInput, channel: unknown): Promise<string> {
  channels.push(channel)
  const key = `refund:${input.order_id.toLowerCase()}:${Math.round(Number(input.amount) * 100)}`
  const made = await stripeRefund(input, { key, retries: 0 })
  return JSON.stringify({ id: made.id })
}

const options = { name: 'no-operation', binding: refundBinding, identity: 'per-run', passOperation: false } as const

const executors: Record<string, () => Executor> = {
  'AI SDK': () =>
    aiSdkExecutor({
      ...options,
      tools: {
        refund_order: aiTool({
          description: 'Refund an order.',
          inputSchema: refundInput,
          execute: async (input, { context }) => refund(input, context),
        }),
      },
    }),
  MCP: () => {
    const server = new McpServer({ name: 'support', version: '1.0.0' })
    server.registerTool('refund_order', { inputSchema: refundInput.shape }, async (input, extra) => ({
      content: [{ type: 'text', text: await refund(input, extra._meta) }],
    }))
    return mcpExecutor({ ...options, tools: server })
  },
  'OpenAI Agents': () =>
    openAiAgentsExecutor({
      ...options,
      tools: [
        agentsTool({
          name: 'refund_order',
          description: 'Refund an order.',
          parameters: refundInput,
          execute: async (input: RefundInput, runContext?: { context?: unknown }) => refund(input, runContext?.context),
        } as never),
      ],
    }),
  LangChain: () =>
    langChainExecutor({
      ...options,
      tools: [
        langChainTool(async (input: RefundInput, config) => refund(input, config.configurable), {
          name: 'refund_order',
          description: 'Refund an order.',
          schema: refundInput,
        }),
      ],
    }),
}

describe('passOperation: false', () => {
  for (const [framework, make] of Object.entries(executors))
    it(`${framework}: the tool finds no operation, and its key from the arguments refunds once`, async () => {
      channels.length = 0
      const { outcomes, effects, history } = await runAdapted(scenario(), make())
      // No deadline either: none is judged by one.
      expect(eventsOf(history, 'process-booted')[0]).toMatchObject({ seesDeadline: false })
      expect(channels).toHaveLength(2)
      for (const channel of channels) {
        expect(Object.hasOwn(channel ?? {}, 'faultline')).toBe(false)
        expect(operationOf(channel)).toBeNull()
      }
      expect(effects).toHaveLength(1)
      expect(outcomes.map((o) => o.status)).toEqual(['SUCCEEDED', 'SUCCEEDED'])
    })

  it('is refused by a loop executor, which would ignore it', () => {
    const loop = () => mcpLoopExecutor({ ...options, host: (() => ({})) as never } as never)
    expect(loop).toThrow(AdapterError)
    expect(loop).toThrow(/^passOperation is a tool-mode option/)
  })

  it("needs identity: 'per-run', said at construction in one line", () => {
    const made = () => langChainExecutor({ ...options, identity: 'per-step', tools: [] })
    expect(made).toThrow(AdapterError)
    expect(made).toThrow(/^passOperation: false needs identity: 'per-run'/)
    expect(() => langChainExecutor({ ...options, passOperation: 'no' as never, tools: [] })).toThrow(
      /^passOperation must be true or false/,
    )
  })
})
