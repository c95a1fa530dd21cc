// The AI SDK adapter with small inline tools, driven
// through the real engine: the binding checked against
// each tool's schema, the operation in `context`, the
// outcome read as the AI SDK's own loop reads it.
// Longer than most because each case sets up its own
// tools, and the last ones run generateText beside it.
import { generateText, tool, type ToolSet } from 'ai'
import { MockLanguageModelV4 } from 'ai/test'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { aiSdkFramework } from '../../adapters/ai-sdk/ai-sdk-framework.ts'
import {
  AdapterError,
  aiSdkExecutor,
  operationOf,
  type ArgSource,
  type Binding,
  type Operation,
  type ToolObservation,
} from '../../faultline/adapters/ai-sdk.ts'
import type { Scenario } from '../../faultline/index.ts'
import { eventsOf } from '../../harness/history/history.ts'
import { refundScenario } from '../support/scenario.ts'
import { callOnce, operation, refundArgs } from './support/call-once.ts'
import { refundBinding, refundBindingTo, refundBindingWithout } from './support/refund-binding.ts'
import { refunded, refused } from './support/refund-envelopes.ts'
import { type RefundInput, refundInput } from './support/refund-input.ts'
import { gateRefuses } from './support/refused-at-load.ts'
import { runAdapted } from './support/run-adapted.ts'
import { stripeRefund } from './support/stripe-refund.ts'

type Execute = (
  input: RefundInput,
  options: { toolCallId: string; abortSignal?: AbortSignal; context: unknown },
) => unknown

function refundTools(execute: Execute): ToolSet {
  return {
    refund_order: tool({ description: 'Refund an order.', inputSchema: refundInput, execute: execute as never }),
  }
}

const run = (tools: ToolSet | (() => ToolSet), scenario: Scenario = refundScenario()) =>
  runAdapted(scenario, aiSdkExecutor({ name: 'ai-sdk-inline', tools, binding: refundBinding }))

describe('the AI SDK adapter: the binding, checked at load', () => {
  const declared = (tools: unknown, b: Binding = refundBinding) =>
    aiSdkExecutor({ name: 'x', tools: tools as ToolSet, binding: b }).declare?.()

  it('a field the tool schema lacks: gate() refuses the module (exit 2) in one line naming it', async () => {
    expect(await gateRefuses('ai-sdk', 'bad-field')).toMatch(
      /binding\.issue_refund\.args\.note: refund_order's input schema has no field "note"/,
    )
  })

  it('a module exporting no tools: refused at load, in one line', async () => {
    expect(await gateRefuses('ai-sdk', 'no-tools')).toMatch(/no AI SDK tools to gate/)
    await expect(declared(undefined)).rejects.toThrow(/no AI SDK tools to gate/)
    await expect(declared([refundTools(() => refunded).refund_order])).rejects.toThrow(
      /no AI SDK tools to gate \(got an array\)/,
    )
  })

  it('a required field not bound, a tool not found: each one line naming it', async () => {
    await expect(
      declared(
        refundTools(() => refunded),
        refundBindingWithout('currency'),
      ),
    ).rejects.toThrow(
      new AdapterError('binding.issue_refund.args: refund_order requires "currency", which the binding does not give'),
    )
    await expect(
      declared(
        refundTools(() => refunded),
        refundBindingTo('refund'),
      ),
    ).rejects.toThrow(/^binding\.issue_refund\.tool: no tool "refund" among the module's tools \(refund_order\)$/)
    // A JSON Schema tool (jsonSchema()) is read the same way.
    const { jsonSchema } = await import('ai')
    const fromJson = {
      refund_order: tool({
        inputSchema: jsonSchema<{ order_id: string }>({
          type: 'object',
          properties: { order_id: { type: 'string' } },
          required: ['order_id'],
        }),
        execute: async () => refunded,
      }),
    }
    await expect(declared(fromJson)).rejects.toThrow(/args\.payment_intent: refund_order's input schema has no field/)
  })
})

describe('the AI SDK adapter: a tool in minor units', () => {
  // As Stripe's agent toolkit takes amounts.
  const centsTools = (seen: number[]) => ({
    create_refund: tool({
      inputSchema: z.object({ payment_intent: z.string(), amount: z.number().int() }),
      execute: async ({ amount }) => {
        seen.push(amount)
        return refunded
      },
    }),
  })
  const bindAmount = (amount: ArgSource): Binding => ({
    issue_refund: { tool: 'create_refund', args: { payment_intent: 'payment_intent', amount } },
  })

  it('bound as is, refused at load in one line saying how to convert; bound with a map, asked in cents', async () => {
    const declared = (b: Binding) => aiSdkExecutor({ name: 'cents', tools: centsTools([]), binding: b }).declare?.()
    await expect(declared(bindAmount('amount'))).rejects.toThrow(
      /^binding\.issue_refund\.args\.amount: create_refund's "amount" is an integer, and issue_refund's amount is a decimal in major units \(49\.9\): convert it/,
    )
    const seen: number[] = []
    const binding = bindAmount({ from: 'amount', map: (major) => Math.round(Number(major) * 100) })
    const { outcomes, faults } = await runAdapted(
      refundScenario(),
      aiSdkExecutor({ name: 'cents', tools: centsTools(seen), binding }),
    )
    expect(faults).toEqual([])
    expect(outcomes).toEqual([refunded])
    expect(seen).toEqual([4990]) // 49.9 in the plan
  })
})

describe('the AI SDK adapter: each ask through tool.execute', () => {
  it('the operation arrives as context.faultline; the toolCallId is new every ask; input as the schema types it', async () => {
    const seen: { input: RefundInput; toolCallId: string; context: unknown; aborted?: boolean }[] = []
    const boots: unknown[] = []
    const tools = (ctx?: { services: unknown }) => {
      boots.push(ctx?.services)
      return refundTools((input, { toolCallId, context, abortSignal }) => {
        seen.push({ input, toolCallId, context, aborted: abortSignal?.aborted })
        return refunded
      })
    }
    const scenario = refundScenario({ model: { maxAsks: 3, regenerateArgs: true, askAgainAfterSuccess: true } })
    const { outcomes, faults } = await run(tools as () => ToolSet, scenario)
    expect(faults).toEqual([])
    expect(outcomes).toEqual([refunded, refunded])
    expect(boots).toEqual([expect.objectContaining({ payments: expect.any(String) })])
    expect(seen).toHaveLength(2)
    const ops = seen.map((s) => operationOf(s.context))
    expect(ops[0]).toEqual<Operation>({
      runId: expect.any(String),
      stepId: 's1',
      tool: 'refund_order',
      deadline: expect.any(Number),
      identity: 'per-step',
    })
    expect(ops[1]).toEqual(ops[0])
    expect(Object.keys(seen[0]!.context as object)).toEqual(['faultline'])
    expect(seen[0]!.toolCallId).toMatch(/^call_/)
    expect(seen[1]!.toolCallId).not.toBe(seen[0]!.toolCallId)
    expect(seen.every((s) => s.aborted === false && typeof s.input.amount === 'number')).toBe(true)
    expect(seen[0]!.input).toEqual(refundArgs)
  })

  it('a throw is UNKNOWN, never FAILED_NO_EFFECT, even before any request left', async () => {
    const { outcomes, faults } = await run(
      refundTools(() => {
        throw new Error('card_declined')
      }),
    )
    expect(faults).toEqual([])
    expect(outcomes).toEqual([
      expect.objectContaining({ status: 'UNKNOWN', retry_safe: false, action_taken: 'classified-ambiguous' }),
    ])
    expect(outcomes[0]!.message).toBe('refund_order threw Error: card_declined')
  })

  it('an SDK throw after the effect (response lost): UNKNOWN, and the effect is in the ledger', async () => {
    // stripe-node retries a closed connection even at
    // maxNetworkRetries 0 (RequestSender): reset each.
    const tools = refundTools(async (input, { toolCallId }) => stripeRefund(input, { key: toolCallId, retries: 0 }))
    const scenario = refundScenario({
      faults: [1, 2, 3].map((send) => ({ kind: 'reset-after-effect', boundary: 'after-effect', step: 's1', send })),
    })
    const { history, outcomes } = await run(tools, scenario)
    expect(eventsOf(history, 'effect-applied')).toHaveLength(1)
    expect(outcomes).toEqual([expect.objectContaining({ status: 'UNKNOWN', retry_safe: false })])
  })

  it('the SDK object returned: SUCCEEDED, with the refund as the effect', async () => {
    const tools = refundTools(async (input, { toolCallId }) => stripeRefund(input, { key: toolCallId }))
    const { history, outcomes } = await run(tools)
    const [effect] = eventsOf(history, 'effect-applied')
    expect(outcomes).toEqual([
      expect.objectContaining({ status: 'SUCCEEDED', effect: { type: 'refund', id: expect.stringMatching(/^re_/) } }),
    ])
    expect(effect).toBeDefined()
  })

  it("a returned envelope, its JSON text, or a stream's last value: used as is", async () => {
    expect((await run(refundTools(() => refused))).outcomes).toEqual([refused])
    expect((await run(refundTools(() => JSON.stringify(refused)))).outcomes).toEqual([refused])
    const streamed = refundTools(async function* () {
      yield { ...refunded, status: 'UNKNOWN', effect: null, action_taken: 'pending' }
      yield refunded
    })
    expect((await run(streamed)).outcomes).toEqual([refunded])
  })

  it('an error value is a failure, as a model reads it; one the classifier cannot place, a tool with no execute: a per-call executor-fault, one line', async () => {
    const boom = () => refundTools(() => ({ error: { message: 'boom' } }))
    expect((await run(boom())).outcomes).toEqual([
      expect.objectContaining({ status: 'FAILED_NO_EFFECT', retry_safe: false, action_taken: 'classified-rejected' }),
    ])
    const unplaced = aiSdkExecutor({
      name: 'ai-sdk-inline',
      tools: boom(),
      binding: refundBinding,
      classifier: () => null,
    })
    const cannot = await runAdapted(refundScenario(), unplaced)
    expect(cannot.outcomes).toEqual([])
    expect(cannot.faults).toEqual([
      expect.objectContaining({
        problem: 'threw',
        message: expect.stringMatching(/^AdapterError: the classifier cannot place refund_order returned \{"error"/),
      }),
    ])
    const clientSide = await run({ refund_order: tool({ inputSchema: refundInput, outputSchema: z.unknown() }) })
    expect(clientSide.faults).toEqual([
      expect.objectContaining({
        message: expect.stringMatching(/^AdapterError: refund_order has no execute: a client-side tool/),
      }),
    ])
    for (const f of [...cannot.faults, ...clientSide.faults]) expect(f.message).not.toContain('\n')
  })

  it("the signal aborts at the turn's deadline; the tool's abort error is UNKNOWN", async () => {
    const aborted: { at: number; deadline: number; reason: unknown }[] = []
    const tools = refundTools(
      (_input, { abortSignal, context }) =>
        new Promise((_resolve, reject) => {
          abortSignal?.addEventListener('abort', () => {
            aborted.push({ at: Date.now(), deadline: operationOf(context)!.deadline, reason: abortSignal.reason })
            reject(abortSignal.reason)
          })
        }),
    )
    const { outcomes, faults } = await run(tools, refundScenario({ turnBudgetMs: 5_000 }))
    expect(faults).toEqual([])
    expect(aborted).toHaveLength(1)
    expect(aborted[0]!.at).toBe(aborted[0]!.deadline)
    expect(aborted[0]!.reason).toMatchObject({ name: 'TimeoutError' })
    expect(outcomes).toEqual([expect.objectContaining({ status: 'UNKNOWN', retry_safe: false })])
  })
})

describe("the AI SDK adapter reads what the AI SDK's own loop reads", () => {
  /** generateText with one model step that calls refund_order. */
  async function loopParts(tools: ToolSet, input: unknown) {
    const model = new MockLanguageModelV4({
      doGenerate: async () => ({
        content: [{ type: 'tool-call', toolCallId: 'call_1', toolName: 'refund_order', input: JSON.stringify(input) }],
        finishReason: { unified: 'tool-calls', raw: undefined },
        usage: {
          inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
          outputTokens: { total: 1, text: 1, reasoning: undefined },
        },
        warnings: [],
      }),
    })
    const result = await generateText({
      model,
      tools,
      toolsContext: { refund_order: { faultline: operation } } as never,
      prompt: 'Refund order ORD-1.',
    })
    return result.steps[0]!.content.filter((p) => p.type === 'tool-error' || p.type === 'tool-result')
  }

  const adapterSees = (tools: ToolSet, input: Record<string, unknown>): Promise<ToolObservation> =>
    callOnce(aiSdkFramework, tools, input)

  it('a throw inside execute: the tool-error part holds the very error the adapter classifies', async () => {
    const boom = new Error('card_declined')
    const tools = refundTools(() => {
      throw boom
    })
    const parts = await loopParts(tools, refundArgs)
    expect(parts).toEqual([expect.objectContaining({ type: 'tool-error', error: boom })])
    expect(await adapterSees(tools, refundArgs)).toEqual({ kind: 'threw', tool: 'refund_order', error: boom })
  })

  it('input the schema refuses: never executed; the same tool-error text as the loop', async () => {
    let ran = 0
    const tools = refundTools(() => {
      ran++
      return refunded
    })
    const bad = { ...refundArgs, amount: 'forty-nine' }
    const parts = await loopParts(tools, bad)
    expect(parts).toEqual([expect.objectContaining({ type: 'tool-error', error: expect.any(String) })])
    const seen = await adapterSees(tools, bad)
    expect(seen).toEqual({ kind: 'threw', tool: 'refund_order', error: (parts[0] as { error: unknown }).error })
    expect(ran).toBe(0)
  })

  it('a contextSchema: the tool gets the context it keeps, as in the loop; one rejecting it is one line', async () => {
    const contexts: unknown[] = []
    const withSchema = (contextSchema: z.ZodType<Record<string, unknown>>): ToolSet => ({
      refund_order: tool({
        inputSchema: refundInput,
        contextSchema,
        execute: async (_input, { context }) => {
          contexts.push(context)
          return refunded
        },
      }),
    })
    const keeps = withSchema(z.object({ faultline: z.object({ runId: z.string(), stepId: z.string() }) }))
    await loopParts(keeps, refundArgs)
    expect(await adapterSees(keeps, refundArgs)).toEqual({ kind: 'returned', tool: 'refund_order', value: refunded })
    expect(contexts[1]).toEqual(contexts[0])
    expect(contexts[0]).toEqual({ faultline: { runId: 'run-1', stepId: 's1' } })
    const rejects = withSchema(z.object({ tenant: z.string() }))
    await expect(loopParts(rejects, refundArgs)).rejects.toThrow(/tool context/)
    await expect(adapterSees(rejects, refundArgs)).rejects.toThrow(
      /^refund_order's contextSchema rejects faultline's context \{ faultline: … \}: declare faultline in it/,
    )
  })

  it('a streaming execute: the loop and the adapter both keep the last value', async () => {
    const tools = refundTools(async function* () {
      yield 'working'
      yield refunded
    })
    expect(await loopParts(tools, refundArgs)).toEqual([
      expect.objectContaining({ type: 'tool-result', output: refunded }),
    ])
    expect(await adapterSees(tools, refundArgs)).toEqual({ kind: 'returned', tool: 'refund_order', value: refunded })
  })
})
