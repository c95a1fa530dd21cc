// The LangChain.js adapter through the real engine:
// small inline tools, each ask through tool.invoke
// with a tool call, the SDKs at their default hosts.
import { ToolMessage } from '@langchain/core/messages'
import { StructuredTool, ToolInputParsingException, type ToolRunnableConfig } from '@langchain/core/tools'
import { tool } from 'langchain'
import { describe, expect, it } from 'vitest'
import * as z from 'zod'
import {
  AdapterError,
  type Classifier,
  defaultClassifier,
  type Operation,
  operationOf,
  type ToolObservation,
  langChainExecutor,
} from '../../faultline/adapters/langchain.ts'
import { eventsOf } from '../../harness/history/history.ts'
import { refundScenario } from '../support/scenario.ts'
import { refundBinding, refundBindingTo, refundBindingWithout } from './support/refund-binding.ts'
import { refunded } from './support/refund-envelopes.ts'
import { type RefundInput, refundInput } from './support/refund-input.ts'
import { cliRefuses } from './support/refused-at-load.ts'
import { runAdapted } from './support/run-adapted.ts'
import { stripeRefund } from './support/stripe-refund.ts'

type Func = (input: RefundInput, config: ToolRunnableConfig) => Promise<unknown>
const refundTool = (func: Func) =>
  tool(func, { name: 'refund_order', description: 'Refund an order.', schema: refundInput })

const refund = (input: RefundInput) => stripeRefund(input, { retries: 0 })

/** One run of the usual refund step; what the classifier saw. */
async function run(
  tools: Parameters<typeof langChainExecutor>[0]['tools'],
  more: { askAgain?: boolean; classifier?: Classifier } = {},
) {
  const seen: ToolObservation[] = []
  const spy: Classifier = (o) => {
    if ('kind' in o) seen.push(o)
    return (more.classifier ?? defaultClassifier)(o)
  }
  const executor = langChainExecutor({ name: 'langchain-inline', tools, binding: refundBinding, classifier: spy })
  const scenario = refundScenario({ model: { maxAsks: 3, regenerateArgs: true, askAgainAfterSuccess: more.askAgain } })
  return { ...(await runAdapted(scenario, executor)), seen }
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
    schema: refundInput.omit({ reason: true }),
  })

  it('a field the schema lacks, a required field unbound, an unknown tool, no tools: one line at load', async () => {
    expect(await loadProblem({ name: 'x', tools: [noReason], binding: refundBinding })).toBe(
      `binding.issue_refund.args.reason: refund_order's input schema has no field "reason" (its fields: order_id, payment_intent, amount, currency)`,
    )
    expect(
      await loadProblem({
        name: 'x',
        tools: [refundTool(async () => 'x')],
        binding: refundBindingWithout('currency'),
      }),
    ).toBe('binding.issue_refund.args: refund_order requires "currency", which the binding does not give')
    expect(
      await loadProblem({
        name: 'x',
        tools: { refundOrder: refundTool(async () => 'x') },
        binding: refundBindingTo('refund'),
      }),
    ).toBe(`binding.issue_refund.tool: no tool "refund" among the module's tools (refund_order)`)
    expect(await loadProblem({ name: 'x', tools: [], binding: refundBinding })).toBe(
      `binding.issue_refund.tool: no tool "refund_order" among the module's tools (none)`,
    )
  })

  it('something that is not a LangChain tool, or two of one name: one line at load', async () => {
    const notATool = { refundOrder: async (input: RefundInput) => refund(input) }
    expect(await loadProblem({ name: 'x', tools: notATool as never, binding: refundBinding })).toBe(
      'tools.refundOrder is not a LangChain tool (a name, a schema and invoke()): make it with tool() from "langchain"',
    )
    const twice = [refundTool(async () => 'x'), refundTool(async () => 'y')]
    expect(await loadProblem({ name: 'x', tools: twice, binding: refundBinding })).toBe(
      'tools[1]: two tools are named "refund_order"',
    )
  })

  it('gate: a binding field the schema lacks exits 2 with one line naming it', async () => {
    expect(await cliRefuses('langchain', 'bad-binding')).toMatch(
      /langchain-bad-binding: .*binding\.issue_refund\.args\.reason: refund_order's input schema has no field "reason"/,
    )
  })
})

describe('langChainExecutor: each ask through tool.invoke', () => {
  it('the operation rides in config.configurable.faultline; the tool call id is new on every ask', async () => {
    const asks: { op: Operation | null; id: string | undefined; runtimeId: unknown; signal: boolean }[] = []
    const { outcomes, effects } = await run(
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
    expect(outcomes.map((e) => [e.status, e.effect?.id])).toEqual(effects.map((e) => ['SUCCEEDED', e.effect]))
  })

  it('a throw after the request left is UNKNOWN, never FAILED_NO_EFFECT', async () => {
    const { outcomes, seen, effects } = await run([
      refundTool(async (input) => {
        await refund(input)
        throw new Error('socket hang up')
      }),
    ])
    expect(effects).toHaveLength(1)
    expect(seen.map((s) => s.kind)).toEqual(['threw'])
    expect(outcomes).toEqual([
      expect.objectContaining({ status: 'UNKNOWN', retry_safe: false, action_taken: 'classified-ambiguous' }),
    ])
    expect(outcomes[0]!.message).toBe('refund_order threw Error: socket hang up')
  })

  it("a returned envelope is the outcome as is (the ToolMessage's JSON text, read back)", async () => {
    // An object (stringified by LangChain), or text content blocks.
    const asBlocks = [{ type: 'text', text: JSON.stringify(refunded) }]
    for (const value of [{ ...refunded }, asBlocks]) {
      const { outcomes, seen } = await run([refundTool(async () => value)])
      expect(outcomes).toEqual([refunded])
      // Used as is: the classifier is not asked.
      expect(seen).toEqual([])
    }
  })

  it('an error value is a failure, as a model reads it; one the classifier cannot place is a per-call executor-fault, in one line', async () => {
    const declined = () => [refundTool(async () => ({ ok: false, code: 'card_declined' }))]
    expect((await run(declined())).outcomes).toEqual([
      expect.objectContaining({ status: 'FAILED_NO_EFFECT', retry_safe: false, action_taken: 'classified-rejected' }),
    ])
    const { faults, outcomes } = await run(declined(), { classifier: () => null })
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
      schema = refundInput
      protected override _call(): Promise<string> {
        return new Promise(() => {})
      }
    }
    for (const tools of [[waits], [new Stubborn()]]) {
      const { outcomes, reported, seen, history } = await run(tools)
      const deadline = eventsOf(history, 'turn-started')[0]!.deadline
      expect(outcomes).toEqual([expect.objectContaining({ status: 'UNKNOWN', retry_safe: false })])
      expect(reported[0]!.t).toBeLessThanOrEqual(deadline)
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
    expect(errorMessage.outcomes).toEqual([expect.objectContaining({ status: 'UNKNOWN', retry_safe: false })])
    // Words that say it failed are a failure.
    const failed = await run([
      refundTool(
        async (_input, config) =>
          new ToolMessage({ status: 'error', content: 'Refund declined.', tool_call_id: config.toolCall!.id! }),
      ),
    ])
    expect(failed.outcomes).toEqual([expect.objectContaining({ status: 'FAILED_NO_EFFECT', retry_safe: false })])

    let ran = false
    const strict = tool(
      async () => {
        ran = true
        return 'x'
      },
      {
        name: 'refund_order',
        description: 'Refund an order.',
        schema: refundInput.extend({ currency: z.enum(['usd']) }),
      },
    )
    const badInput = await run([strict])
    expect(ran).toBe(false)
    expect(badInput.seen.map((s) => s.kind)).toEqual(['threw'])
    expect((badInput.seen[0] as { error: unknown }).error).toBeInstanceOf(ToolInputParsingException)
    expect(eventsOf(badInput.history, 'attempt-sent')).toEqual([])
    expect(badInput.outcomes[0]).toMatchObject({ status: 'UNKNOWN', retry_safe: false })
  })
})
