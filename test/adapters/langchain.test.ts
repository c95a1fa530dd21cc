// The LangChain.js adapter through the real engine:
// small inline tools, each ask through tool.invoke
// with a tool call, the SDKs at their default hosts.
import { ToolMessage } from '@langchain/core/messages'
import { StructuredTool, ToolInputParsingException, type ToolRunnableConfig } from '@langchain/core/tools'
import { tool } from 'langchain'
import Stripe from 'stripe'
import { describe, expect, it } from 'vitest'
import * as z from 'zod'
import {
  AdapterError,
  type Binding,
  type Classifier,
  defaultClassifier,
  type Operation,
  operationOf,
  type ToolObservation,
  langChainExecutor,
} from '../../faultline/adapters/langchain.ts'
import type { Envelope } from '../../harness/contract/envelope.ts'
import { eventsOf } from '../../harness/history/history.ts'
import { runScenario } from '../../harness/run/runner.ts'
import { cli, ROOT } from '../faultline/cli/cli.ts'
import { refundScenario } from '../support/scenario.ts'

const schema = z.object({
  order_id: z.string(),
  payment_intent: z.string(),
  amount: z.number(),
  currency: z.string(),
  reason: z.string().optional(),
})
type Input = z.infer<typeof schema>

const ARGS = { order_id: 'order_id', payment_intent: 'payment_intent', amount: 'amount', currency: 'currency' }
const BINDING: Binding = { issue_refund: { tool: 'refund_order', args: { ...ARGS, reason: 'reason' } } }

type Func = (input: Input, config: ToolRunnableConfig) => Promise<unknown>
const refundTool = (func: Func) => tool(func, { name: 'refund_order', description: 'Refund an order.', schema })

const refund = (input: Input) =>
  new Stripe('sk_test_faultline', { maxNetworkRetries: 0 }).refunds.create({
    payment_intent: input.payment_intent,
    amount: Math.round(input.amount * 100),
  })

/** One run of the usual refund step; what the classifier saw. */
async function run(tools: Parameters<typeof langChainExecutor>[0]['tools'], more: { askAgain?: boolean } = {}) {
  const seen: ToolObservation[] = []
  const spy: Classifier = (o) => {
    if ('kind' in o) seen.push(o)
    return defaultClassifier(o)
  }
  const executor = langChainExecutor({ name: 'langchain-inline', tools, binding: BINDING, classifier: spy })
  const scenario = refundScenario({ model: { maxAsks: 3, regenerateArgs: true, askAgainAfterSuccess: more.askAgain } })
  const { history } = await runScenario(scenario, executor)
  const outcomes = eventsOf(history, 'outcome-reported')
  return {
    history,
    seen,
    outcomes,
    envelopes: outcomes.map((o) => o.envelope),
    faults: eventsOf(history, 'executor-fault'),
  }
}

const loadProblem = async (options: Parameters<typeof langChainExecutor>[0]) => {
  const e = await Promise.resolve(langChainExecutor(options).declare?.()).then(
    () => null,
    (err: unknown) => err,
  )
  expect(e).toBeInstanceOf(AdapterError)
  const message = (e as Error).message
  expect(message.split('\n')).toHaveLength(1)
  return message
}

describe("langChainExecutor: the binding against the tool's own schema", () => {
  const noReason = tool(async () => 'x', {
    name: 'refund_order',
    description: 'Refund an order.',
    schema: schema.omit({ reason: true }),
  })

  it('a field the schema lacks, a required field unbound, an unknown tool, no tools: one line at load', async () => {
    expect(await loadProblem({ name: 'x', tools: [noReason], binding: BINDING })).toBe(
      `binding.issue_refund.args.reason: refund_order's input schema has no field "reason" (its fields: order_id, payment_intent, amount, currency)`,
    )
    const { currency: _, ...noCurrency } = ARGS
    expect(
      await loadProblem({
        name: 'x',
        tools: [refundTool(async () => 'x')],
        binding: { issue_refund: { tool: 'refund_order', args: noCurrency } },
      }),
    ).toBe('binding.issue_refund.args: refund_order requires "currency", which the binding does not give')
    expect(
      await loadProblem({
        name: 'x',
        tools: { refundOrder: refundTool(async () => 'x') },
        binding: { issue_refund: { tool: 'refund', args: ARGS } },
      }),
    ).toBe(`binding.issue_refund.tool: no tool "refund" among the module's tools (refund_order)`)
    expect(await loadProblem({ name: 'x', tools: [], binding: BINDING })).toBe(
      `binding.issue_refund.tool: no tool "refund_order" among the module's tools (none)`,
    )
  })

  it('something that is not a LangChain tool, or two of one name: one line at load', async () => {
    const notATool = { refundOrder: async (input: Input) => refund(input) }
    expect(await loadProblem({ name: 'x', tools: notATool as never, binding: BINDING })).toBe(
      'tools.refundOrder is not a LangChain tool (a name, a schema and invoke()): make it with tool() from "langchain"',
    )
    const twice = [refundTool(async () => 'x'), refundTool(async () => 'y')]
    expect(await loadProblem({ name: 'x', tools: twice, binding: BINDING })).toBe(
      'tools[1]: two tools are named "refund_order"',
    )
  })

  it('gate: a binding field the schema lacks exits 2 with one line naming it', async () => {
    const r = await cli([
      'gate',
      '--executor',
      `${ROOT}/test/fixtures/adapters/langchain/bad-binding.ts`,
      '--runs',
      '5',
    ])
    expect(r.code).toBe(2)
    expect(r.err.split('\n')).toHaveLength(1)
    expect(r.err).toMatch(
      /langchain-bad-binding: .*binding\.issue_refund\.args\.reason: refund_order's input schema has no field "reason"/,
    )
  })
})

describe('langChainExecutor: each ask through tool.invoke', () => {
  it('the operation rides in config.configurable.faultline; the tool call id is new on every ask', async () => {
    const asks: { op: Operation | null; id: string | undefined; runtimeId: unknown; signal: boolean }[] = []
    const { envelopes, history } = await run(
      [
        refundTool(async (input, config) => {
          asks.push({
            op: operationOf(config.configurable),
            id: config.toolCall?.id,
            runtimeId: (config as { toolCallId?: unknown }).toolCallId,
            signal: config.signal instanceof AbortSignal,
          })
          return refund(input)
        }),
      ],
      { askAgain: true },
    )
    expect(asks).toHaveLength(2)
    const deadline = asks[0]!.op!.deadline
    for (const a of asks) {
      expect(a.op).toEqual({ runId: 'run-7', stepId: 's1', tool: 'refund_order', deadline, identity: 'per-step' })
      // ToolNode's config has both; invoke adds toolCall.
      expect(a.runtimeId).toBe(a.id)
      expect(a.signal).toBe(true)
    }
    expect(asks[0]!.id).toMatch(/\S/)
    expect(asks[1]!.id).not.toBe(asks[0]!.id)
    // The success ToolMessage's JSON text, parsed: the refund's id.
    const effects = eventsOf(history, 'effect-applied').map((e) => e.effect)
    expect(envelopes.map((e) => [e.status, e.effect?.id])).toEqual(effects.map((id) => ['SUCCEEDED', id]))
  })

  it('a throw after the request left is UNKNOWN, never FAILED_NO_EFFECT', async () => {
    const { envelopes, seen, history } = await run([
      refundTool(async (input) => {
        await refund(input)
        throw new Error('socket hang up')
      }),
    ])
    expect(eventsOf(history, 'effect-applied')).toHaveLength(1)
    expect(seen.map((s) => s.kind)).toEqual(['threw'])
    expect(envelopes).toEqual([
      expect.objectContaining({ status: 'UNKNOWN', retry_safe: false, action_taken: 'classified-ambiguous' }),
    ])
    expect(envelopes[0]!.message).toBe('refund_order threw Error: socket hang up')
  })

  it("a returned envelope is the outcome as is (the ToolMessage's JSON text, read back)", async () => {
    const own: Envelope = {
      status: 'SUCCEEDED',
      retry_safe: false,
      effect: { type: 'refund', id: 're_own' },
      action_taken: 'refunded-once',
      message: 'Refunded by the tool.',
    }
    // An object (stringified by LangChain), or text content blocks.
    const asBlocks = [{ type: 'text', text: JSON.stringify(own) }]
    for (const value of [{ ...own }, asBlocks]) {
      const { envelopes, seen } = await run([refundTool(async () => value)])
      expect(envelopes).toEqual([own])
      // Used as is: the classifier is not asked.
      expect(seen).toEqual([])
    }
  })

  it('a value the classifier cannot place is a per-call executor-fault, in one line', async () => {
    const { faults, outcomes } = await run([refundTool(async () => ({ ok: false, code: 'card_declined' }))])
    expect(outcomes).toEqual([])
    expect(faults).toHaveLength(1)
    expect(faults[0]).toMatchObject({ call: 'run-7/s1', problem: 'threw' })
    expect(faults[0]!.message.split('\n')).toHaveLength(1)
    expect(faults[0]!.message).toContain(
      'the classifier cannot place refund_order returned {"ok":false,"code":"card_declined"} (it answered null)',
    )
  })

  it("the turn's deadline aborts the call: tool()'s own abort, and a StructuredTool that ignores the signal", async () => {
    let signal: AbortSignal | undefined
    const waits = refundTool(async (_input, config) => {
      signal = config.signal
      await new Promise((r) => setTimeout(r, 10 * 60_000))
      return 'too late'
    })
    class Stubborn extends StructuredTool {
      name = 'refund_order'
      description = 'Refund an order.'
      schema = schema
      protected override _call(): Promise<string> {
        return new Promise(() => {})
      }
    }
    for (const tools of [[waits], [new Stubborn()]]) {
      const { envelopes, outcomes, seen, history } = await run(tools)
      const deadline = eventsOf(history, 'turn-started')[0]!.deadline
      expect(envelopes).toEqual([expect.objectContaining({ status: 'UNKNOWN', retry_safe: false })])
      expect(outcomes[0]!.t).toBeLessThanOrEqual(deadline)
      expect(seen).toEqual([expect.objectContaining({ kind: 'threw' })])
      const error = (seen[0] as { error: Error }).error
      expect([error.name, error.message]).toEqual(['TimeoutError', "the turn's deadline passed"])
    }
    expect(signal?.aborted).toBe(true)
  })

  it("LangChain's error path: a ToolMessage with status error, a ToolInputParsingException", async () => {
    const errorMessage = await run([
      refundTool(
        async (_input, config) =>
          new ToolMessage({ status: 'error', content: 'card_declined', tool_call_id: config.toolCall!.id! }),
      ),
    ])
    expect(errorMessage.seen).toEqual([{ kind: 'tool-message-error', tool: 'refund_order', content: 'card_declined' }])
    expect(errorMessage.envelopes).toEqual([expect.objectContaining({ status: 'UNKNOWN', retry_safe: false })])

    let ran = false
    const strict = tool(
      async () => {
        ran = true
        return 'x'
      },
      { name: 'refund_order', description: 'Refund an order.', schema: schema.extend({ currency: z.enum(['usd']) }) },
    )
    const badInput = await run([strict])
    expect(ran).toBe(false)
    expect(badInput.seen.map((s) => s.kind)).toEqual(['threw'])
    expect((badInput.seen[0] as { error: unknown }).error).toBeInstanceOf(ToolInputParsingException)
    expect(eventsOf(badInput.history, 'attempt-sent')).toEqual([])
    expect(badInput.envelopes[0]).toMatchObject({ status: 'UNKNOWN', retry_safe: false })
  })
})
