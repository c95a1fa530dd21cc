// The OpenAI Agents JS adapter with small inline
// tools: the binding checked against each tool's
// parameters, the operation in the run context, and
// what invoke() gives back (a value, a throw, or the
// fixed sentence every error becomes) read right.
// Longer than most because each way back from
// invoke() is pinned against the installed source.
import { tool, type FunctionTool, type RunContext, type Tool } from '@openai/agents'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { openAiAgentsFramework } from '../../adapters/openai-agents/openai-agents-framework.ts'
import {
  AdapterError,
  envelopeSchema,
  openAiAgentsExecutor,
  operationOf,
  type Binding,
  type Operation,
  type ToolObservation,
} from '../../faultline/adapters/openai-agents.ts'
import { judge, type Envelope, type Scenario } from '../../faultline/index.ts'
import { refundScenario } from '../support/scenario.ts'
import { callOnce, refundArgs } from './support/call-once.ts'
import { refundBinding, refundBindingTo, refundBindingWithout } from './support/refund-binding.ts'
import { refused } from './support/refund-envelopes.ts'
import { type RefundInput, refundInput } from './support/refund-input.ts'
import { gateRefuses } from './support/refused-at-load.ts'
import { runAdapted } from './support/run-adapted.ts'
import { stripeRefund } from './support/stripe-refund.ts'

/** agents-core 0.20.0 dist/tool.mjs, defaultToolErrorFunction. */
const SENTENCE = 'An error occurred while running the tool. Please try again.'

type Details = Parameters<FunctionTool['invoke']>[2]
type Execute = (input: RefundInput, runContext?: RunContext<unknown>, details?: Details) => Promise<unknown>

const refundOrder = (execute: Execute, more: Partial<Parameters<typeof tool>[0]> = {}) =>
  tool({ name: 'refund_order', description: 'Refund an order.', parameters: refundInput, execute, ...more } as never)

const run = (tools: readonly Tool[] | (() => readonly Tool[]), scenario: Scenario = refundScenario()) =>
  runAdapted(scenario, openAiAgentsExecutor({ name: 'agents-inline', tools, binding: refundBinding }))

/** One ask straight through the framework. */
const observe = (t: Tool, args: Record<string, unknown> = {}, signal?: AbortSignal) =>
  callOnce(openAiAgentsFramework, [t], { ...refundArgs, ...args }, signal)

describe('the Agents JS adapter: the binding, checked at load', () => {
  const declared = (tools: unknown, b: Binding = refundBinding) =>
    openAiAgentsExecutor({ name: 'x', tools: tools as Tool[], binding: b }).declare?.()
  const fine = refundOrder(async () => 'ok')

  it('a field the tool parameters lack: gate() refuses the module (exit 2) in one line naming it', async () => {
    expect(await gateRefuses('openai-agents', 'bad-field')).toMatch(
      /binding\.issue_refund\.args\.note: refund_order's input schema has no field "note"/,
    )
  })

  it('a module exporting no function tools: gate() refuses it in one line', async () => {
    expect(await gateRefuses('openai-agents', 'no-tools')).toMatch(
      /no function tools: pass the array you give new Agent\(\{ tools \}\)/,
    )
  })

  it('a required field left unbound, a tool not found, a value that is no tool: each one line', async () => {
    await expect(declared([fine], refundBindingWithout('payment_intent'))).rejects.toThrow(
      /^binding\.issue_refund\.args: refund_order requires "payment_intent", which the binding does not give$/,
    )
    await expect(declared([fine], refundBindingTo('refund'))).rejects.toThrow(
      /^binding\.issue_refund\.tool: no tool "refund" among the module's tools \(refund_order\)$/,
    )
    await expect(declared({ refund_order: fine, helper: () => 1 })).rejects.toThrow(
      /^tools\.helper is not an @openai\/agents tool/,
    )
    await expect(declared([fine, fine])).rejects.toThrow(AdapterError)
  })

  it('strict mode makes `.optional()` nullable and required: such a field may go unbound; a record works too', async () => {
    expect(fine.parameters.required).toContain('reason')
    await expect(declared({ refund_order: fine }, refundBindingWithout('reason'))).resolves.toEqual({
      tools: ['issue_refund'],
      identity: 'per-step',
    })
  })
})

describe('the Agents JS adapter: one ask, through invoke()', () => {
  it('the operation is in runContext.context under `faultline`; toolCall.callId is new every ask', async () => {
    const seen: { op: Operation | null; callId: string | undefined; input: RefundInput }[] = []
    const t = refundOrder(async (input, runContext, details) => {
      const op = operationOf(runContext?.context)
      seen.push({ op, callId: details?.toolCall?.callId, input })
      return stripeRefund(input, { key: `${op?.runId}/${op?.stepId}` })
    })
    const scenario = refundScenario({ model: { maxAsks: 3, regenerateArgs: true, askAgainAfterSuccess: true } })
    const { outcomes, faults, effects } = await run([t], scenario)
    expect(faults).toEqual([])
    expect(seen).toHaveLength(2)
    for (const { op, input } of seen) {
      expect(op).toEqual({
        runId: 'run-7',
        stepId: 's1',
        tool: 'refund_order',
        deadline: expect.any(Number),
        identity: 'per-step',
      })
      expect(input.amount).toBe(49.9) // re-worded "49.90" is a number to the schema
    }
    expect(seen[0]!.callId).toMatch(/^call_/)
    expect(seen[1]!.callId).not.toBe(seen[0]!.callId)
    expect(effects).toHaveLength(1)
    expect(outcomes.map((o) => o.status)).toEqual(['SUCCEEDED', 'SUCCEEDED'])
    expect(outcomes[0]!.effect).toEqual({ type: 'refund', id: expect.stringMatching(/^re_/) })
  })

  it('a throw after the request left: invoke answers the fixed sentence, and it is UNKNOWN, never FAILED_NO_EFFECT', async () => {
    const t = refundOrder(async (input) => {
      await stripeRefund(input)
      throw new Error('the response was lost')
    })
    const { outcomes, faults, effects } = await run(
      [t],
      refundScenario({ model: { maxAsks: 1, regenerateArgs: false } }),
    )
    expect(faults).toEqual([])
    expect(effects).toHaveLength(1)
    expect(outcomes).toEqual([
      {
        status: 'UNKNOWN',
        retry_safe: false,
        effect: null,
        action_taken: 'classified-ambiguous',
        message: `refund_order threw ${SENTENCE}`,
      },
    ])
  })

  it('a returned envelope is used as is: as a value under outputSchema, or as its JSON text', async () => {
    const mine: Envelope = { ...refused, retry_safe: true }
    const asValue = refundOrder(async () => mine, { outputSchema: envelopeSchema })
    const asText = refundOrder(async () => JSON.stringify(mine))
    for (const t of [asValue, asText]) {
      const { outcomes, faults } = await run([t], refundScenario({ model: { maxAsks: 1, regenerateArgs: false } }))
      expect(faults).toEqual([])
      expect(outcomes).toEqual([mine])
    }
  })

  it('an error value is a failure, as a model reads it; one a classifier cannot place: a per-call executor-fault, in one line', async () => {
    const t = () => refundOrder(async () => ({ ok: false, error: 'card_declined' }))
    expect((await run([t()])).outcomes).toEqual([
      expect.objectContaining({ status: 'FAILED_NO_EFFECT', retry_safe: false, action_taken: 'classified-rejected' }),
    ])
    const cannot = openAiAgentsExecutor({
      name: 'agents-inline',
      tools: [t()],
      binding: refundBinding,
      classifier: () => null,
    })
    const { outcomes, faults, history } = await runAdapted(refundScenario(), cannot)
    expect(outcomes).toEqual([])
    expect(faults).toHaveLength(1)
    expect(faults[0]).toMatchObject({ call: 'run-7/s1', problem: 'threw' })
    expect(faults[0]!.message).not.toContain('\n')
    expect(faults[0]!.message).toMatch(/^AdapterError: the classifier cannot place refund_order returned \{"ok":false/)
    expect(judge(history).violations.map((v) => v.judge)).toEqual(['executor-fault'])
  })

  it("the signal aborts at the turn's deadline: the tool stops, the outcome is UNKNOWN, reported in time", async () => {
    let aborted: { at: number; deadline: number; reason: unknown } | null = null
    const t = refundOrder(async (_input, runContext, details) => {
      const signal = details?.signal
      const op = operationOf(runContext?.context)
      return new Promise((_, reject) =>
        signal?.addEventListener('abort', () => {
          aborted = { at: Date.now(), deadline: op!.deadline, reason: signal.reason }
          reject(signal.reason)
        }),
      )
    })
    const { outcomes, faults, history } = await run(
      [t],
      refundScenario({ model: { maxAsks: 1, regenerateArgs: false } }),
    )
    expect(faults).toEqual([])
    expect(aborted).not.toBeNull()
    const { at, deadline, reason } = aborted!
    expect(at).toBe(deadline)
    expect(reason).toMatchObject({ name: 'TimeoutError' })
    expect(outcomes).toEqual([expect.objectContaining({ status: 'UNKNOWN', retry_safe: false })])
    expect(judge(history).violations).toEqual([])
  })

  it('a factory is called per process with faultline context', async () => {
    const made: string[] = []
    const { outcomes } = await run(() => {
      made.push('tools')
      return [refundOrder(async () => ({ id: 're_made' }))]
    })
    expect(made).toEqual(['tools'])
    expect(outcomes[0]).toMatchObject({ status: 'SUCCEEDED', effect: { type: 'refund', id: 're_made' } })
  })
})

describe("the Agents JS adapter: the framework's own error path, read right", () => {
  it('a throw: the default errorFunction answers one fixed sentence, read as threw', async () => {
    const seen = await observe(
      refundOrder(async () => {
        throw new Error('card_declined')
      }),
    )
    expect(seen).toEqual({ kind: 'threw', tool: 'refund_order', error: SENTENCE } satisfies ToolObservation)
  })

  it('arguments the schema refuses never reach execute, and answer the same sentence: threw', async () => {
    let ran = false
    const strict = tool({
      name: 'refund_order',
      description: 'Refund an order.',
      parameters: refundInput.extend({ amount: z.number().max(10) }),
      execute: async () => {
        ran = true
        return 'refunded'
      },
    })
    expect(await observe(strict)).toEqual({ kind: 'threw', tool: 'refund_order', error: SENTENCE })
    expect(ran).toBe(false)
  })

  it("a custom errorFunction's text is the team's answer: it reaches the classifier as returned", async () => {
    const t = refundOrder(
      async () => {
        throw new Error('card_declined')
      },
      { errorFunction: (_ctx: unknown, e: unknown) => `Refund failed: ${(e as Error).message}` },
    )
    expect(await observe(t)).toEqual({ kind: 'returned', tool: 'refund_order', value: 'Refund failed: card_declined' })
  })

  it("the tool's own timeout answers its default message: threw", async () => {
    const t = refundOrder(() => new Promise(() => {}), { timeoutMs: 20 })
    expect(await observe(t)).toEqual({
      kind: 'threw',
      tool: 'refund_order',
      error: "Tool 'refund_order' timed out after 20ms.",
    })
  })

  it('an abort is rethrown by invoke, not turned into the sentence; a value comes back as execute gave it', async () => {
    const controller = new AbortController()
    const hangs = refundOrder(
      (_input, _ctx, details) =>
        new Promise((_, reject) => details?.signal?.addEventListener('abort', () => reject(details.signal!.reason))),
    )
    const reason = new DOMException("the turn's deadline passed", 'TimeoutError')
    setTimeout(() => controller.abort(reason), 5)
    expect(await observe(hangs, {}, controller.signal)).toEqual({ kind: 'threw', tool: 'refund_order', error: reason })
    const refund = { id: 're_1', status: 'succeeded' }
    const value = await observe(refundOrder(async () => refund))
    expect(value).toEqual({ kind: 'returned', tool: 'refund_order', value: refund })
    expect((value as { value: unknown }).value).toBe(refund)
  })

  it('the input is the JSON a strict-mode model writes: null for an optional field left out', async () => {
    let raw: string | undefined
    const t = refundOrder(async (_input, _ctx, details) => {
      raw = details?.toolCall?.arguments
      return 'ok'
    }) as FunctionTool
    await observe(t)
    expect(JSON.parse(raw!)).toEqual({ ...refundArgs, reason: null })
  })
})
