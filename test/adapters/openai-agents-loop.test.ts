// OpenAI Agents JS in loop mode (issue 23): the
// team's Agent run by the SDK's own Runner, with
// faultline's model in it. The incident (a tool's
// timeoutMs shorter than the refund) is caught as
// a false failure; the careful agent passes; the
// same seed gives the same history; nothing is
// traced; the ways a run can end are read right.
import {
  Agent,
  type AgentInputItem,
  getGlobalTraceProvider,
  type Model,
  type RunContext,
  Runner,
  setTraceProcessors,
  type TracingProcessor,
  tool,
  Usage,
} from '@openai/agents'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Script } from '../../adapters/core/scripted-model.ts'
import { openAiAgentsLoopFramework } from '../../adapters/openai-agents/openai-agents-loop-framework.ts'
import { ScriptedAgentsModel, viewOf } from '../../adapters/openai-agents/openai-agents-loop-model.ts'
import careful from '../../examples/loops/openai-agents/careful.faultline.ts'
import incident from '../../examples/loops/openai-agents/tool-timeout.faultline.ts'
import {
  AdapterError,
  type Binding,
  openAiAgentsLoopExecutor,
  operationOf,
} from '../../faultline/adapters/openai-agents.ts'
import { type Executor, gate, judge, type Scenario } from '../../faultline/index.ts'
import { refundScenario } from '../support/scenario.ts'
import { scratchDir } from '../support/scratch.ts'
import { refundBinding } from './support/refund-binding.ts'
import { type RefundInput, refundInput } from './support/refund-input.ts'
import { expectPassed, gatedLoop } from './support/gated-loop.ts'
import { namedScenario } from './support/named-scenario.ts'
import { runAdapted } from './support/run-adapted.ts'
import { stripeRefund } from './support/stripe-refund.ts'

const named = (): Scenario => namedScenario('openai-agents-tool-timeout')

/** Every trace and span any processor is handed. */
const traced: string[] = []
const recorder: TracingProcessor = {
  onTraceStart: async (t) => void traced.push(`trace ${t.name}`),
  onTraceEnd: async () => {},
  onSpanStart: async (s) => void traced.push(`span ${s.spanData.type}`),
  onSpanEnd: async () => {},
  shutdown: async () => {},
  forceFlush: async () => {},
}

// Ours alone, in place of the OpenAI exporter
// @openai/agents sets at import: nothing leaves.
// On, as outside tests: the SDK turns tracing
// off when NODE_ENV is test (dist/config.mjs).
beforeAll(() => {
  setTraceProcessors([recorder])
  getGlobalTraceProvider().setDisabled(false)
})
afterAll(() => getGlobalTraceProvider().setDisabled(true))

/** A refund_order tool for the small agents here. */
const refundOrder = (more: Record<string, unknown> = {}) =>
  tool({
    name: 'refund_order',
    description: 'Refund an order.',
    parameters: refundInput,
    execute: async (input: RefundInput, runContext?: RunContext<unknown>) => {
      const op = operationOf(runContext?.context)
      return stripeRefund(input, { key: op ? `${op.runId}/${op.stepId}` : undefined, retries: 0 })
    },
    ...more,
  } as never)

const loop = (agent: (model: Model) => Agent, binding: Binding = refundBinding): Executor =>
  openAiAgentsLoopExecutor({ name: 'agents-loop-inline', agent, binding })

describe('the incident: timeoutMs shorter than the refund (scenarios/named/openai-agents-tool-timeout.json)', () => {
  it('the model is told "timed out" at 5 s, the refund lands at 8 s: false-failure', async () => {
    const run = await runAdapted(named(), incident)
    const first = run.outcomes[0]
    expect(first?.status).toBe('FAILED_NO_EFFECT')
    expect(first?.retry_safe).toBe(true)
    // The runner's text, as the model read it (dist/tool.mjs,
    // defaultFunctionToolTimeoutErrorMessage).
    expect(first?.message).toBe("refund_order: Tool 'refund_order' timed out after 5000ms.")
    expect(run.reported[0]?.t).toBe(5_000)
    expect(run.effects.map((e) => e.t)).toEqual([8_000])
    expect(judge(run.history).violations.map((v) => v.judge)).toContain('false-failure')
  })

  it('the careful agent: told the outcome is unknown, not to ask again; one refund, no violation', async () => {
    const run = await runAdapted(named(), careful)
    expect(run.outcomes).toHaveLength(1)
    expect(run.outcomes[0]).toMatchObject({ status: 'UNKNOWN', retry_safe: false })
    expect(run.effects).toHaveLength(1)
    expect(judge(run.history).violations).toEqual([])
  })

  it('the same seed gives a byte-identical history, with the Agents JS runner in the loop', async () => {
    for (const executor of [incident, careful]) {
      const once = JSON.stringify((await runAdapted(named(), executor)).history)
      const again = JSON.stringify((await runAdapted(named(), executor)).history)
      expect(again).toBe(once)
    }
  })
})

describe('the examples, gated', () => {
  const gated = (name: string, runs: number, seed: number) => gatedLoop('openai-agents', name, runs, seed, 2)

  it('the careful agent passes 300 runs, seed 1', async () => {
    const report = await gated('careful', 300, 1)
    expectPassed(report, 300)
  }, 600_000)

  it('one worker or two: the same report, byte for byte, passing or caught (seed 3)', async () => {
    for (const name of ['careful', 'tool-timeout']) {
      const executor = new URL(`../../examples/loops/openai-agents/${name}.faultline.ts`, import.meta.url)
      const cwd = scratchDir('agents-loop-workers')
      const report = (workers: number) => gate({ executor, runs: 30, seed: 3, workers, corpus: false, cwd })
      expect(JSON.stringify(await report(2))).toBe(JSON.stringify(await report(1)))
    }
  }, 300_000)

  // Seed 1's first failure is its other finding:
  // a retry 80 s on (effect-after-deadline).
  it('the incident agent is caught on seed 2: false-failure, reproduced', async () => {
    const report = await gated('tool-timeout', 200, 2)
    expect(report.passed).toBe(false)
    expect(report.counterexample?.judge).toBe('false-failure')
    expect(report.counterexample?.reproduced).toBe(true)
  }, 300_000)
})

describe('the Agents JS loop, each way a run ends', () => {
  it('nothing is traced: no trace or span reaches a processor (a plain Runner would trace)', async () => {
    setTraceProcessors([recorder])
    traced.length = 0
    await runAdapted(named(), careful)
    expect(traced).toEqual([])
    // The control: the same processor sees a plain run.
    const say: Model = {
      getResponse: async () => ({
        usage: new Usage(),
        output: [
          { type: 'message', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: 'hi' }] },
        ],
      }),
      getStreamedResponse: () => {
        throw new Error('not streamed')
      },
    }
    await new Runner({ modelProvider: { getModel: () => say } }).run(new Agent({ name: 'plain' }), 'hello')
    expect(traced).toContain('trace Agent workflow')
  })

  it('an agent whose model is a name runs on faultline’s model (the Runner’s provider)', async () => {
    const run = await runAdapted(
      refundScenario(),
      loop(() => new Agent({ name: 'named', model: 'gpt-5.4', tools: [refundOrder()] })),
    )
    expect(run.outcomes[0]).toMatchObject({ status: 'SUCCEEDED', effect: { type: 'refund' } })
    expect(run.effects).toHaveLength(1)
  })

  it('a thrown error becomes "Please try again.": a failure the model may retry', async () => {
    const throws = tool({
      name: 'refund_order',
      description: 'Refund an order.',
      parameters: refundInput,
      execute: async () => {
        throw new Error('card_declined')
      },
    })
    const run = await runAdapted(
      refundScenario(),
      loop((model) => new Agent({ name: 'a', model, tools: [throws] })),
    )
    // agents-core dist/tool.mjs, defaultToolErrorFunction.
    expect(run.outcomes[0]).toMatchObject({
      status: 'FAILED_NO_EFFECT',
      retry_safe: true,
      message: 'refund_order: An error occurred while running the tool. Please try again.',
    })
    expect(run.outcomes).toHaveLength(3)
  })

  it("stop_on_first_tool: the model never reads the result; the run's items say it", async () => {
    const run = await runAdapted(
      refundScenario(),
      loop((model) => new Agent({ name: 'a', model, tools: [refundOrder()], toolUseBehavior: 'stop_on_first_tool' })),
    )
    expect(run.outcomes[0]).toMatchObject({ status: 'SUCCEEDED', action_taken: 'loop-told-result' })
    expect(run.outcomes[0]?.effect?.id).toBe(run.effects[0]?.effect)
  })

  it('needsApproval: without approve the call never runs (UNKNOWN, saying how); approved, it runs and is judged', async () => {
    const agent = (model: Model) => new Agent({ name: 'a', model, tools: [refundOrder({ needsApproval: true })] })
    const stopped = await runAdapted(refundScenario(), loop(agent))
    expect(stopped.effects).toEqual([])
    expect(stopped.outcomes[0]).toMatchObject({ status: 'UNKNOWN', action_taken: 'loop-said-nothing' })
    expect(stopped.outcomes[0]?.message).toMatch(/stopped for approval of refund_order.*give the executor approve/)
    const asked: string[] = []
    const approved = await runAdapted(
      refundScenario(),
      openAiAgentsLoopExecutor({
        name: 'agents-loop-approved',
        agent,
        binding: refundBinding,
        approve: (item) => (asked.push(item.name ?? ''), true),
      }),
    )
    expect(asked).toEqual(['refund_order'])
    expect(approved.effects).toHaveLength(1)
    expect(approved.outcomes[0]).toMatchObject({ status: 'SUCCEEDED', action_taken: 'loop-told-result' })
    // Rejected: the model reads the SDK's refusal; nothing was done.
    const rejected = await runAdapted(
      refundScenario(),
      openAiAgentsLoopExecutor({ name: 'agents-loop-rejected', agent, binding: refundBinding, approve: () => false }),
    )
    expect(rejected.effects).toEqual([])
    expect(judge(rejected.history).violations).toEqual([])
  })

  it("timeoutBehavior 'raise_exception': the run throws, the model is told nothing: UNKNOWN", async () => {
    const slow = { ...refundScenario(), services: { ...refundScenario().services } }
    slow.services.payments = { ...slow.services.payments, processingMs: 8_000 }
    const run = await runAdapted(
      slow,
      loop(
        (model) =>
          new Agent({
            name: 'a',
            model,
            tools: [refundOrder({ timeoutMs: 5_000, timeoutBehavior: 'raise_exception' })],
          }),
      ),
    )
    expect(run.outcomes[0]).toMatchObject({ status: 'UNKNOWN', retry_safe: false, action_taken: 'loop-said-nothing' })
    expect(run.outcomes[0]?.message).toMatch(/^the loop threw: .*timed out after 5000ms/)
    expect(judge(run.history).violations).toEqual([])
  })

  it('a model of its own, on the agent or one it hands off to: refused in one line', async () => {
    const open = (agent: Agent) => openAiAgentsLoopFramework().open(agent, new Script())
    const theirs: Model = {
      getResponse: () => Promise.reject(new Error('network')),
      getStreamedResponse: () => [] as never,
    }
    await expect(open(new Agent({ name: 'a', model: theirs, tools: [refundOrder()] }))).rejects.toThrow(
      /^agent "a" has a model of its own: give it the model your agent factory gets/,
    )
    const helper = new Agent({ name: 'helper', model: theirs })
    await expect(open(new Agent({ name: 'a', tools: [refundOrder()], handoffs: [helper] }))).rejects.toThrow(
      AdapterError,
    )
    await expect(open({} as Agent)).rejects.toThrow(/^agent must return new Agent/)
  })

  it("the model's view: the user's turns, and each function_call_result's text by its callId", () => {
    const input: AgentInputItem[] = [
      { type: 'message', role: 'user', content: 'Please refund. [faultline ask call_1]' },
      { type: 'function_call', callId: 'call_1', name: 'refund_order', arguments: '{}', status: 'completed' },
      {
        type: 'function_call_result',
        callId: 'call_1',
        name: 'refund_order',
        status: 'completed',
        output: { type: 'text', text: 'done' },
      },
      { role: 'user', content: [{ type: 'input_text', text: 'and again' }] },
    ]
    expect(viewOf(input)).toEqual({
      userText: ['Please refund. [faultline ask call_1]', 'and again'],
      results: [{ toolCallId: 'call_1', told: { kind: 'result', tool: 'refund_order', value: 'done' } }],
    })
  })

  it('streamed (a run with stream: true): the same call, and the result read back', async () => {
    const script = new Script()
    const operation = { runId: 'r', stepId: 's', tool: 'refund_order', deadline: 1e15, identity: 'per-step' } as const
    const args = { order_id: 'ORD-1', payment_intent: 'pi_1', amount: 49.9, currency: 'eur' }
    const signal = new AbortController().signal
    const text = script.begin({ tool: 'refund_order', args, toolCallId: 'call_s1', operation, signal })
    const ok = tool({
      name: 'refund_order',
      description: 'Refund.',
      parameters: refundInput,
      execute: async () => 'ok',
    })
    const runner = new Runner({
      modelProvider: { getModel: () => new ScriptedAgentsModel(script) },
      tracingDisabled: true,
    })
    const result = await runner.run(new Agent({ name: 'a', tools: [ok] }), text, { stream: true })
    await result.completed
    expect(script.end('call_s1')).toEqual({ kind: 'result', tool: 'refund_order', value: 'ok' })
    expect(result.finalOutput).toBe('Noted.')
  })

  it('strict mode: the model writes null for the optional field it leaves out, as the request says', async () => {
    const written: string[] = []
    const t = tool({
      name: 'refund_order',
      description: 'Refund an order.',
      parameters: refundInput,
      execute: async (input, _ctx, details) => {
        written.push(details?.toolCall?.arguments ?? '')
        return stripeRefund(input, { retries: 0 })
      },
    })
    await runAdapted(
      refundScenario(),
      loop((model) => new Agent({ name: 'a', model, tools: [t] })),
    )
    expect(written.map((w) => JSON.parse(w))).toEqual([
      { payment_intent: 'pi_1', amount: 49.9, currency: 'eur', order_id: 'ORD-1', reason: null },
    ])
  })
})
