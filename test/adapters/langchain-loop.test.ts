// Loop mode with LangChain's real loop: the team's
// createAgent() agent, its retry middleware and
// ToolNode's error handler, faultline's model in it.
import { HumanMessage, ToolMessage } from '@langchain/core/messages'
import { Command, interrupt, MemorySaver } from '@langchain/langgraph'
import { createAgent, tool, toolRetryMiddleware } from 'langchain'
import { describe, expect, it } from 'vitest'
import * as z from 'zod'
import { AdapterError, langChainLoopExecutor, operationOf } from '../../faultline/adapters/langchain.ts'
import { type Executor, gate, judge, type Scenario } from '../../faultline/index.ts'
import { langChainLoopFramework } from '../../adapters/langchain/langchain-loop-framework.ts'
import { viewOf } from '../../adapters/langchain/langchain-loop-view.ts'
import type { FaultlineChatModel } from '../../adapters/langchain/langchain-loop-model.ts'
import { Script } from '../../adapters/core/scripted-model.ts'
import { eventsOf } from '../../harness/history/history.ts'
import careful from '../../examples/loops/langchain/careful.faultline.ts'
import interruptResume, { refundThenAsk } from '../../examples/loops/langchain/interrupt-resume.faultline.ts'
import retryMiddleware from '../../examples/loops/langchain/retry-middleware.faultline.ts'
import { carefulSupport } from '../../examples/adapters/support/careful-support.ts'
import { tools as plainTools, refundOrder } from '../../examples/loops/langchain/tools.plain.ts'
import { binding } from '../../examples/adapters/support/binding.ts'
import { refundOrder as nudgedRefund } from '../../examples/adapters/langchain/tools.nudged.ts'
import { refundScenario } from '../support/scenario.ts'
import { scratchDir } from '../support/scratch.ts'
import { expectPassed, why } from '../examples/adapters/support/gate-report.ts'
import { namedScenario } from './support/named-scenario.ts'
import { runAdapted } from './support/run-adapted.ts'
import { DEFAULT_VENDORS } from '../../harness/contract/vendors.ts'

const named = namedScenario('langchain-retry-middleware')
const refundOnly = { issue_refund: binding.issue_refund! }
const violations = async (scenario: Scenario, executor: Executor) => {
  const run = await runAdapted(scenario, executor)
  return { ...run, found: judge(run.history).violations.map((v) => v.judge) }
}
/** Every send of the refund step struck the same way. */
const everySend = (kind: 'reset-after-effect' | 'connection-refused', sends: number) =>
  Array.from({ length: sends }, (_, i) =>
    kind === 'reset-after-effect'
      ? ({ kind, boundary: 'after-effect', step: 's1', send: i + 1 } as const)
      : ({ kind, boundary: 'before-send', step: 's1', send: i + 1 } as const),
  )

describe('langChainLoopExecutor: toolRetryMiddleware() at its defaults', () => {
  it('around a refund with no key of its own: duplicate-effect (the named scenario)', async () => {
    const { found, effects, outcomes, history } = await violations(named, retryMiddleware)
    expect(found).toContain('duplicate-effect')
    // stripe-node's 3 sends share its key (1 effect),
    // the middleware's call is a new key: a 2nd.
    expect(effects).toHaveLength(2)
    expect(eventsOf(history, 'attempt-sent')).toHaveLength(4)
    // And the model was told it worked, once.
    expect(outcomes).toEqual([expect.objectContaining({ status: 'SUCCEEDED', action_taken: 'loop-told-result' })])
  })

  it('retries twice, 1 s then 2 s ±25 % apart, then tells the model "failed after 3 attempts"', async () => {
    const scenario = refundScenario({
      faults: everySend('connection-refused', 9),
      model: { maxAsks: 1, regenerateArgs: false },
    })
    const { effects, outcomes, history } = await runAdapted(scenario, retryMiddleware)
    const sent = eventsOf(history, 'attempt-sent').map((e) => e.t)
    // 3 stripe-node calls of 3 sends each.
    expect(sent).toHaveLength(9)
    expect(sent[3]! - sent[2]!).toBeGreaterThanOrEqual(750)
    expect(sent[3]! - sent[2]!).toBeLessThanOrEqual(1_250)
    expect(sent[6]! - sent[5]!).toBeGreaterThanOrEqual(1_500)
    expect(sent[6]! - sent[5]!).toBeLessThanOrEqual(2_500)
    expect(effects).toHaveLength(0)
    expect(outcomes).toEqual([
      expect.objectContaining({
        status: 'FAILED_NO_EFFECT',
        action_taken: 'loop-told-error',
        message: "refund_order: Tool 'refund_order' failed after 3 attempts with StripeConnectionError",
      }),
    ])
  })

  it('a key per tool call id (the nudged tool) survives it: each retry is the same ToolCall, the same key', async () => {
    const keyedPerCall = langChainLoopExecutor({
      name: 'langchain-nudged-retry',
      agent: (model) => createAgent({ model, tools: [nudgedRefund], middleware: [toolRetryMiddleware()] }),
      binding: refundOnly,
    })
    const { found, effects } = await violations(named, keyedPerCall)
    expect(effects).toHaveLength(1)
    expect(found).toEqual([])
  })

  it('the same agent with the careful tools passes the named scenario: one refund, told as it is', async () => {
    const { found, effects, outcomes } = await violations(named, careful)
    expect(found).toEqual([])
    expect(effects).toHaveLength(1)
    expect(outcomes).toEqual([expect.objectContaining({ status: 'SUCCEEDED', effect: expect.anything() })])
  })

  it('without the middleware, ToolNode tells the model "Please fix your mistakes." of a refund that landed: false-failure', async () => {
    // What the model had in front of it, each call.
    const read: string[] = []
    const noMiddleware = langChainLoopExecutor({
      name: 'langchain-plain',
      agent: (model: FaultlineChatModel) => {
        const generate = model._generate.bind(model)
        model._generate = (messages, ...rest) => {
          read.push(...messages.filter((m) => ToolMessage.isInstance(m)).map((m) => m.text))
          return generate(messages, ...rest)
        }
        return createAgent({ model, tools: plainTools })
      },
      binding: refundOnly,
    })
    const { found, effects, outcomes } = await violations(
      refundScenario({ faults: everySend('reset-after-effect', 3), model: { maxAsks: 1, regenerateArgs: false } }),
      noMiddleware,
    )
    expect(effects).toHaveLength(1)
    // ToolNode.js defaultHandleToolErrors: `${error}`.
    expect(read).toEqual([
      'Error: An error occurred with our connection to Stripe. Request was retried 2 times.\n Please fix your mistakes.',
    ])
    expect(outcomes).toEqual([expect.objectContaining({ status: 'FAILED_NO_EFFECT', retry_safe: false })])
    // Every line the model read, its last included.
    expect(outcomes[0]!.message).toMatch(/retried 2 times\. Please fix your mistakes\.$/)
    expect(found).toContain('false-failure')
  })
})

describe('langChainLoopExecutor: LangGraph runs an interrupted tool again on resume', () => {
  const interrupted = namedScenario('langchain-interrupt-resume')

  it('a refund before interrupt(), no key of its own: duplicate-effect with no fault at all', async () => {
    const { found, effects, faults } = await violations(interrupted, interruptResume)
    expect(interrupted.faults).toEqual([])
    expect(faults).toEqual([])
    expect(effects).toHaveLength(2)
    expect(found).toContain('duplicate-effect')
  })

  it('keyed by the operation (the careful tool), the second run of it is answered from its log: one refund', async () => {
    const executor = langChainLoopExecutor({
      name: 'langchain-interrupt-careful',
      agent: (model, ctx) => {
        const support = carefulSupport({ storage: ctx.storage })
        const thenAsk = tool(
          async (input, config) => {
            const envelope = await support.refundOrder(input, operationOf(config.configurable)!, config.signal)
            interrupt({ question: 'E-mail the customer?' })
            return envelope
          },
          { name: 'refund_order', description: refundOrder.description, schema: refundOrder.schema },
        )
        return createAgent({ model, tools: [thenAsk], checkpointer: new MemorySaver() })
      },
      resume: () => new Command({ resume: 'yes' }),
      binding: refundOnly,
    })
    const { found, effects, outcomes } = await violations(interrupted, executor)
    expect(found).toEqual([])
    expect(effects).toHaveLength(1)
    expect(outcomes).toEqual([expect.objectContaining({ status: 'SUCCEEDED', action_taken: 'already-done' })])
  })

  it('not resumed (no `resume`): the turn ends, the model told nothing: UNKNOWN', async () => {
    const executor = langChainLoopExecutor({
      name: 'langchain-interrupt-unanswered',
      agent: (model) => createAgent({ model, tools: [refundThenAsk], checkpointer: new MemorySaver() }),
      binding: refundOnly,
    })
    const { effects, outcomes } = await violations(interrupted, executor)
    expect(effects).toHaveLength(1)
    expect(outcomes).toEqual([
      expect.objectContaining({ status: 'UNKNOWN', retry_safe: false, action_taken: 'loop-said-nothing' }),
    ])
  })
})

describe('langChainLoopExecutor: the careful agent under generated faults', () => {
  // The issue's 1,000 (~25 s, 2 workers, on a
  // 2-core box); fewer: FAULTLINE_LANGCHAIN_LOOP_RUNS.
  const RUNS = Number(process.env.FAULTLINE_LANGCHAIN_LOOP_RUNS ?? 1_000)
  const SEED = Number(process.env.FAULTLINE_SEED ?? 1)

  it(`passes ${RUNS} generated runs (2 workers), nothing blocked`, async () => {
    console.log(`langchain loop careful: gate seed ${SEED} (replay: FAULTLINE_SEED=${SEED})`)
    const executor = new URL('../../examples/loops/langchain/careful.faultline.ts', import.meta.url)
    const started = performance.now()
    const report = await gate({
      executor,
      runs: RUNS,
      seed: SEED,
      workers: 2,
      corpus: false,
      cwd: scratchDir('langchain-loop'),
    })
    console.log(`langchain loop careful: ${RUNS} runs in ${Math.round(performance.now() - started)} ms`)
    expectPassed(report, RUNS)
    expect(report.summary.faults, why(report)).toBeGreaterThan(RUNS)
  }, 900_000)

  it('--workers 1 and 2 give the same report: the same counterexample, shrunk the same way', async () => {
    const executor = new URL('../../examples/loops/langchain/retry-middleware.faultline.ts', import.meta.url)
    const at = (workers: number) =>
      gate({ executor, runs: 12, seed: 5, workers, corpus: false, cwd: scratchDir('langchain-loop') })
    const [one, two] = [await at(1), await at(2)]
    expect(one.passed).toBe(false)
    expect(one.counterexample?.judge).toBe('duplicate-effect')
    expect(JSON.stringify(two)).toBe(JSON.stringify(one))
  }, 300_000)
})

describe('langChainLoopExecutor: replays', () => {
  it('the same seed gives the same history, byte for byte, with LangChain in the loop', async () => {
    for (const executor of [retryMiddleware, careful]) {
      const a = await runAdapted(named, executor)
      const b = await runAdapted(named, executor)
      expect(JSON.stringify(b.history)).toBe(JSON.stringify(a.history))
    }
    // Jitter drawn from the seeded Math.random:
    // another seed, another retry time.
    const other = await runAdapted({ ...named, seed: named.seed + 1 }, retryMiddleware)
    const first = await runAdapted(named, retryMiddleware)
    const sentAt = (h: typeof first.history) => eventsOf(h, 'attempt-sent').map((e) => e.t)
    expect(sentAt(other.history)).not.toEqual(sentAt(first.history))
  })
})

describe('langChainLoopExecutor: a checkpointer made once, as teams write it', () => {
  it("a run again on the same seed (a replay) gets a thread of its own, not the last run's answer", async () => {
    let calls = 0
    const refund = tool(async () => ({ id: `re_own_${++calls}` }), {
      name: 'refund_order',
      description: 'Refund an order.',
      schema: z.object({
        order_id: z.string(),
        payment_intent: z.string(),
        amount: z.number(),
        currency: z.string(),
        reason: z.string().optional(),
      }),
    })
    const checkpointer = new MemorySaver() // module-level
    const executor = langChainLoopExecutor({
      name: 'module-checkpointer',
      agent: (model) => createAgent({ model, tools: [refund], checkpointer }),
      binding: refundOnly,
    })
    const a = await runAdapted(refundScenario(), executor)
    const b = await runAdapted(refundScenario(), executor)
    expect(calls).toBe(2)
    expect(a.outcomes[0]?.effect?.id).toBe('re_own_1')
    expect(b.outcomes[0]?.effect?.id).toBe('re_own_2')
  })
})

describe("langChainLoopExecutor: what faultline's model reads", () => {
  it('a ToolMessage with status error is an error; any other, its content (JSON read back)', () => {
    const view = viewOf([
      new HumanMessage('Please refund_order for s1. [faultline ask call_1]'),
      new ToolMessage({ content: '{"id":"re_1"}', tool_call_id: 'call_1', name: 'refund_order' }),
      new ToolMessage({ content: 'boom\n Please fix your mistakes.', tool_call_id: 'call_2', status: 'error' }),
    ])
    expect(view).toEqual({
      userText: ['Please refund_order for s1. [faultline ask call_1]'],
      results: [
        { toolCallId: 'call_1', told: { kind: 'result', tool: 'refund_order', value: { id: 're_1' } } },
        {
          toolCallId: 'call_2',
          told: { kind: 'error', tool: 'the tool', text: 'boom\n Please fix your mistakes.' },
        },
      ],
    })
  })
})

describe('langChainLoopExecutor: a loop that ends before the model reads the result', () => {
  it("returnDirect: the agent stops after the tool; the call's ToolMessage in its final state is what it told", async () => {
    const direct = tool(async (input, config) => refundOrder.invoke(input, config), {
      name: 'refund_order',
      description: refundOrder.description,
      schema: refundOrder.schema,
      returnDirect: true,
    })
    let modelCalls = 0
    const executor = langChainLoopExecutor({
      name: 'langchain-return-direct',
      agent: (model: FaultlineChatModel) => {
        const generate = model._generate.bind(model)
        model._generate = (...args) => {
          modelCalls++
          return generate(...args)
        }
        return createAgent({ model, tools: [direct] })
      },
      binding: refundOnly,
    })
    const { effects, outcomes } = await runAdapted(refundScenario(), executor)
    expect(modelCalls).toBe(1)
    expect(effects).toHaveLength(1)
    expect(outcomes).toEqual([
      expect.objectContaining({
        status: 'SUCCEEDED',
        action_taken: 'loop-told-result',
        effect: { type: 'refund', id: effects[0]!.effect },
      }),
    ])
  })
})

describe('langChainLoopExecutor: refused in one line', () => {
  const agentOf = () => createAgent({ model: langChainLoopFramework.model(new Script()), tools: plainTools })
  const refusal = async (agent: unknown) => {
    const e = await langChainLoopFramework.open(agent as never, new Script()).then(
      () => null,
      (err: unknown) => err,
    )
    expect(e).toBeInstanceOf(AdapterError)
    expect((e as Error).message.split('\n')).toHaveLength(1)
    return (e as Error).message
  }

  it('LangSmith tracing on: refused, nothing phones home', async () => {
    const before = process.env.LANGSMITH_TRACING
    process.env.LANGSMITH_TRACING = 'true'
    try {
      expect(await refusal(agentOf())).toBe(
        'LANGSMITH_TRACING=true would send each run to LangSmith: unset it for faultline, runs stay offline',
      )
    } finally {
      if (before === undefined) delete process.env.LANGSMITH_TRACING
      else process.env.LANGSMITH_TRACING = before
    }
  })

  it('not an agent; a binding to a tool the agent lacks', async () => {
    expect(await refusal({ invoke: 1 })).toMatch(/^agent must return what createAgent\(\) from "langchain" returns/)
    const noRefund = tool(async () => 'x', { name: 'lookup', description: 'x', schema: z.object({ q: z.string() }) })
    const executor = langChainLoopExecutor({
      name: 'x',
      agent: (model) => createAgent({ model, tools: [noRefund], middleware: [toolRetryMiddleware()] }),
      binding: refundOnly,
    })
    const boot = executor.boot({
      services: { payments: '', email: '' },
      vendors: DEFAULT_VENDORS,
      storage: undefined as never,
    })
    await expect(boot).rejects.toThrow(
      `binding.issue_refund.tool: no tool "refund_order" among the module's tools (lookup)`,
    )
  })
})
