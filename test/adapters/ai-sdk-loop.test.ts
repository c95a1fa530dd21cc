// The AI SDK in loop mode (issue 23): the team's
// ToolLoopAgent, or its generateText settings,
// run by the SDK with faultline's model in it.
// The incident (timeout.toolMs, a tool that
// throws on abort) is a false failure; the
// careful agent passes; the same seed gives the
// same history; the ways a run ends are read.
import { generateText, registerTelemetry, type Telemetry, ToolLoopAgent, tool, type ToolSet } from 'ai'
import { MockLanguageModelV4 } from 'ai/test'
import { afterAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { Script } from '../../adapters/core/scripted-model.ts'
import { aiSdkLoopFramework } from '../../adapters/ai-sdk/ai-sdk-loop-framework.ts'
import { viewOf } from '../../adapters/ai-sdk/ai-sdk-loop-model.ts'
import careful from '../../examples/loops/ai-sdk/careful.faultline.ts'
import incident from '../../examples/loops/ai-sdk/tool-timeout.faultline.ts'
import {
  type AiSdkAgent,
  type AiSdkLoopModel,
  aiSdkLoopExecutor,
  operationOf,
} from '../../faultline/adapters/ai-sdk.ts'
import { type Executor, judge, type Scenario } from '../../faultline/index.ts'
import { refundScenario } from '../support/scenario.ts'
import { refundBinding } from './support/refund-binding.ts'
import { type RefundInput, refundInput } from './support/refund-input.ts'
import { expectPassed, gatedLoop } from './support/gated-loop.ts'
import { namedScenario } from './support/named-scenario.ts'
import { runAdapted } from './support/run-adapted.ts'
import { stripeRefund } from './support/stripe-refund.ts'

const named = (): Scenario => namedScenario('ai-sdk-tool-timeout')

/** The refund scenario with Stripe taking `ms`. */
function slow(ms: number): Scenario {
  const s = refundScenario()
  return { ...s, services: { ...s.services, payments: { ...s.services.payments!, processingMs: ms } } }
}

type Execute = (input: RefundInput, options: { abortSignal?: AbortSignal; context?: unknown }) => unknown

/** Stripe's refund, keyed by the operation. */
const keyed: Execute = async (input, { context }) => {
  const op = operationOf(context)
  return stripeRefund(input, { key: op ? `${op.runId}/${op.stepId}` : undefined, retries: 0 })
}

const refundTools = (execute: Execute = keyed): ToolSet => ({
  refund_order: tool({ description: 'Refund an order.', inputSchema: refundInput, execute: execute as never }),
})

const loop = (agent: (model: AiSdkLoopModel) => AiSdkAgent): Executor =>
  aiSdkLoopExecutor({ name: 'ai-sdk-loop-inline', agent, binding: refundBinding })

describe('the incident: toolMs shorter than the refund (scenarios/named/ai-sdk-tool-timeout.json)', () => {
  it('the tool throws on abort at 5 s, the model gets a tool-error, the refund lands at 8 s: false-failure', async () => {
    const run = await runAdapted(named(), incident)
    const first = run.outcomes[0]
    expect(first).toMatchObject({ status: 'FAILED_NO_EFFECT', retry_safe: true, action_taken: 'loop-told-error' })
    // AbortSignal.timeout's reason, as fetch throws it and
    // the loop's error-text holds it (getErrorMessage).
    expect(first?.message).toBe('refund_order: TimeoutError: The operation was aborted due to timeout')
    expect(run.reported[0]?.t).toBe(5_000)
    expect(run.effects.map((e) => e.t)).toEqual([8_000])
    expect(judge(run.history).violations.map((v) => v.judge)).toContain('false-failure')
  })

  it('the careful agent: told the outcome is unknown, not to ask again; one refund, no violation', async () => {
    const run = await runAdapted(named(), careful)
    expect(run.outcomes).toHaveLength(1)
    expect(run.outcomes[0]).toMatchObject({ status: 'UNKNOWN', retry_safe: false })
    expect(run.reported[0]?.t).toBe(5_000)
    expect(run.effects).toHaveLength(1)
    expect(judge(run.history).violations).toEqual([])
  })

  it('the same seed gives a byte-identical history, with the AI SDK loop in it', async () => {
    const settings = loop((model) => ({ model, tools: refundTools(), timeout: { toolMs: 5_000 } }))
    for (const executor of [incident, careful, settings]) {
      const once = JSON.stringify((await runAdapted(named(), executor)).history)
      const again = JSON.stringify((await runAdapted(named(), executor)).history)
      expect(once.length).toBeGreaterThan(1_000)
      expect(again).toBe(once)
    }
  })
})

describe('the examples, gated', () => {
  const gated = (name: string, runs: number, seed: number) => gatedLoop('ai-sdk', name, runs, seed)

  it('the careful agent passes 300 runs, seed 1, one worker', async () => {
    const report = await gated('careful', 300, 1)
    expectPassed(report, 300)
  }, 600_000)

  it('the incident agent is caught on seed 1: false-failure, reproduced', async () => {
    const report = await gated('tool-timeout', 200, 1)
    expect(report.passed).toBe(false)
    expect(report.counterexample?.judge).toBe('false-failure')
    expect(report.counterexample?.reproduced).toBe(true)
  }, 300_000)
})

describe('the AI SDK loop, each way a run ends', () => {
  it('a tool that ignores the signal: toolMs races nothing, the loop waits and tells the result', async () => {
    // executeToolCall awaits execute; the timeout
    // only aborts the signal it was given.
    const run = await runAdapted(
      slow(8_000),
      loop((model) => new ToolLoopAgent({ model, tools: refundTools(), timeout: { toolMs: 5_000 } })),
    )
    expect(run.outcomes).toEqual([expect.objectContaining({ status: 'SUCCEEDED', action_taken: 'loop-told-result' })])
    expect(run.outcomes[0]?.effect?.id).toBe(run.effects[0]?.effect)
    expect(run.reported[0]?.t).toBe(8_000)
  })

  it("generateText's settings at the default stopWhen (one step): the step's tool-result is read", async () => {
    const run = await runAdapted(
      refundScenario(),
      loop((model) => ({ model, tools: refundTools() })),
    )
    expect(run.outcomes).toEqual([expect.objectContaining({ status: 'SUCCEEDED', action_taken: 'loop-told-result' })])
    expect(run.outcomes[0]?.effect?.id).toBe(run.effects[0]?.effect)
  })

  it("one step, and the tool throws: the step's tool-error, as getErrorMessage words it", async () => {
    const throws = refundTools(() => {
      throw new Error('card_declined')
    })
    const run = await runAdapted(
      refundScenario(),
      loop((model) => ({ model, tools: throws })),
    )
    expect(run.outcomes[0]).toMatchObject({
      status: 'FAILED_NO_EFFECT',
      retry_safe: false,
      message: 'refund_order: Error: card_declined',
    })
  })

  it('their toolsContext is kept beside the operation; a contextSchema that drops it is one line', async () => {
    const seen: unknown[] = []
    const withContext = (contextSchema: z.ZodType<Record<string, unknown>>) => ({
      refund_order: tool({
        inputSchema: refundInput,
        contextSchema,
        execute: async (_input, { context }) => {
          seen.push(context)
          return { id: 're_1', status: 'succeeded' }
        },
      }),
    })
    const keeps = withContext(z.object({ tenant: z.string(), faultline: z.object({ stepId: z.string() }) }))
    const run = await runAdapted(
      refundScenario(),
      loop(
        (model) =>
          new ToolLoopAgent({ model, tools: keeps, toolsContext: { refund_order: { tenant: 'shop-1' } } as never }),
      ),
    )
    expect(run.faults).toEqual([])
    expect(seen).toEqual([{ tenant: 'shop-1', faultline: { stepId: 's1' } }])
    const drops = withContext(z.object({ tenant: z.string() }).strict())
    const refused = await runAdapted(
      refundScenario(),
      loop(
        (model) =>
          new ToolLoopAgent({ model, tools: drops, toolsContext: { refund_order: { tenant: 'shop-1' } } as never }),
      ),
    )
    expect(refused.faults.map((f) => f.message)).toEqual([
      expect.stringMatching(
        /^AdapterError: refund_order's contextSchema rejects faultline's context \{ faultline: … \}: declare faultline in it$/,
      ),
    ])
  })

  it("a model that is not faultline's: a name refused at load, one never called refused at the turn", async () => {
    const open = (agent: AiSdkAgent) => aiSdkLoopFramework.open(agent, new Script())
    await expect(open(new ToolLoopAgent({ model: 'openai/gpt-5.4', tools: refundTools() }))).rejects.toThrow(
      /^the agent's model is "openai\/gpt-5\.4": build it with the model faultline passes/,
    )
    await expect(open({ model: 'openai/gpt-5.4', tools: refundTools() })).rejects.toThrow(
      /^generateText's settings have no model of faultline's/,
    )
    await expect(open(null as never)).rejects.toThrow(/^agent\(\) must return a ToolLoopAgent or generateText's/)
    const theirs = new MockLanguageModelV4({
      doGenerate: async () => ({
        content: [{ type: 'text', text: 'hi' }],
        finishReason: { unified: 'stop', raw: undefined },
        usage: {
          inputTokens: { total: 0, noCache: 0, cacheRead: undefined, cacheWrite: undefined },
          outputTokens: { total: 0, text: 0, reasoning: undefined },
        },
        warnings: [],
      }),
    })
    const run = await runAdapted(
      refundScenario(),
      loop(() => new ToolLoopAgent({ model: theirs, tools: refundTools() })),
    )
    expect(run.faults.map((f) => f.message)).toEqual([
      expect.stringMatching(/^AdapterError: the agent never called faultline's model: build it with the model/),
    ])
  })

  it('no telemetry: a global integration sees nothing of a run (a plain generateText reaches it)', async () => {
    const events: string[] = []
    const integration: Telemetry = { onStart: () => void events.push('start') }
    registerTelemetry(integration)
    const registry = (globalThis as { AI_SDK_TELEMETRY_INTEGRATIONS?: Telemetry[] }).AI_SDK_TELEMETRY_INTEGRATIONS!
    try {
      await runAdapted(named(), careful)
      expect(events).toEqual([])
      const control = new MockLanguageModelV4({
        doGenerate: async () => ({
          content: [{ type: 'text', text: 'hi' }],
          finishReason: { unified: 'stop', raw: undefined },
          usage: {
            inputTokens: { total: 0, noCache: 0, cacheRead: undefined, cacheWrite: undefined },
            outputTokens: { total: 0, text: 0, reasoning: undefined },
          },
          warnings: [],
        }),
      })
      await generateText({ model: control, prompt: 'hello' })
      expect(events).toEqual(['start'])
    } finally {
      registry.splice(registry.indexOf(integration), 1)
    }
  })

  it("the model's view: the user's turns, and each tool-result's output by its toolCallId", () => {
    const result = (toolCallId: string, output: unknown) => ({
      type: 'tool-result' as const,
      toolCallId,
      toolName: 'refund_order',
      output: output as never,
    })
    const view = viewOf([
      { role: 'system', content: 'You are a support agent.' },
      { role: 'user', content: [{ type: 'text', text: 'Please refund. [faultline ask call_1]' }] },
      {
        role: 'assistant',
        content: [{ type: 'tool-call', toolCallId: 'call_1', toolName: 'refund_order', input: {} }],
      },
      {
        role: 'tool',
        content: [
          result('call_1', { type: 'json', value: { id: 're_1' } }),
          result('call_2', { type: 'text', value: 'done' }),
          result('call_3', { type: 'error-text', value: 'Error: boom' }),
          result('call_4', { type: 'error-json', value: { code: 'x' } }),
          result('call_5', { type: 'execution-denied', reason: 'not allowed' }),
          result('call_6', { type: 'content', value: [{ type: 'text', text: 'a' }] }),
        ],
      },
      { role: 'user', content: [{ type: 'text', text: 'and again' }] },
    ])
    const told = (kind: string, more: object) => ({ kind, tool: 'refund_order', ...more })
    expect(view).toEqual({
      userText: ['Please refund. [faultline ask call_1]', 'and again'],
      results: [
        { toolCallId: 'call_1', told: told('result', { value: { id: 're_1' } }) },
        { toolCallId: 'call_2', told: told('result', { value: 'done' }) },
        { toolCallId: 'call_3', told: told('error', { text: 'Error: boom' }) },
        { toolCallId: 'call_4', told: told('error', { text: '{"code":"x"}' }) },
        { toolCallId: 'call_5', told: told('error', { text: 'Tool execution denied: not allowed' }) },
        { toolCallId: 'call_6', told: told('result', { value: 'a' }) },
      ],
    })
  })
})

afterAll(() => {
  // Nothing registered by a failed test stays.
  delete (globalThis as { AI_SDK_TELEMETRY_INTEGRATIONS?: unknown }).AI_SDK_TELEMETRY_INTEGRATIONS
})
