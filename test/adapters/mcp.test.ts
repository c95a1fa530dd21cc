// The MCP adapter through the real engine: small
// inline servers, stripe-node at its default host.
// Longer than most because each of the adapter's
// promises (binding, channel, outcome, deadline,
// MCP's own error path, restart) is a case here.
import { McpServer, type ToolCallback } from '@modelcontextprotocol/sdk/server/mcp.js'
import { describe, expect, it } from 'vitest'
import {
  type AdapterOptions,
  type Binding,
  type Classifier,
  envelopeSchema,
  mcpExecutor,
  type McpTools,
  type Operation,
  operationOf,
  type ToolObservation,
} from '../../faultline/adapters/mcp.ts'
import { judge, type Scenario } from '../../faultline/index.ts'
import { eventsOf } from '../../harness/history/history.ts'
import { refundScenario } from '../support/scenario.ts'
import { refundBinding, refundBindingTo, refundBindingWith, refundBindingWithout } from './support/refund-binding.ts'
import { refused } from './support/refund-envelopes.ts'
import { refundInput } from './support/refund-input.ts'
import { cliRefuses } from './support/refused-at-load.ts'
import { runAdapted } from './support/run-adapted.ts'
import { stripeRefund } from './support/stripe-refund.ts'

type Handler = ToolCallback<typeof refundInput.shape>

function refundServer(handler: Handler, config: { outputSchema?: typeof envelopeSchema; annotations?: object } = {}) {
  const server = new McpServer({ name: 'support', version: '1.0.0' })
  server.registerTool(
    'refund_order',
    { description: 'Refund an order.', inputSchema: refundInput.shape, ...config },
    handler,
  )
  return server
}

/** A refund through stripe-node, keyed by the operation. */
const refund = (args: { payment_intent: string; amount: number }, op: Operation) =>
  stripeRefund(args, { key: `${op.runId}/${op.stepId}` })

const text = (value: unknown) => ({ content: [{ type: 'text' as const, text: JSON.stringify(value) }] })

const run = (tools: AdapterOptions<McpTools>['tools'], scenario: Partial<Scenario> = {}, more = {}) =>
  runAdapted(refundScenario(scenario), mcpExecutor({ name: 'mcp-test', tools, binding: refundBinding, ...more }))

describe('the binding, checked against the tool’s own input schema', () => {
  const server = () => refundServer(async () => text({ id: 're_never' }))
  const declared = (b: Binding, tools: unknown = server()) =>
    mcpExecutor({ name: 'mcp-test', tools: tools as McpTools, binding: b }).declare!()

  it('a field the schema lacks fails the load (gate exits 2), one line naming it', async () => {
    expect(await cliRefuses('mcp', 'bad-field')).toMatch(
      /binding\.issue_refund\.args\.note: refund_order's input schema has no field "note"/,
    )
  })

  it('a required field not bound, a tool not found: one line each', async () => {
    await expect(declared(refundBindingWithout('currency'))).rejects.toThrow(
      /^binding\.issue_refund\.args: refund_order requires "currency", which the binding does not give$/,
    )
    await expect(declared(refundBindingTo('refund'))).rejects.toThrow(
      /^binding\.issue_refund\.tool: no tool "refund" among the module's tools \(refund_order\)$/,
    )
  })

  it('a module exporting no tools: exit 2, one line; not a server: one line', async () => {
    expect(await cliRefuses('mcp', 'no-tools')).toMatch(
      /the McpServer lists no tools: register them with registerTool\(\)/,
    )
    await expect(declared(refundBinding, { refund_order: {} })).rejects.toThrow(/^the tools must be an McpServer/)
  })

  it('a factory’s server is checked at boot: a per-run boot-failed, one line', async () => {
    const { faults, outcomes } = await run(
      () => refundServer(async () => text({})),
      {},
      {
        binding: refundBindingTo('refund'),
      },
    )
    expect(outcomes).toEqual([])
    expect(faults).toEqual([expect.objectContaining({ problem: 'boot-failed' })])
    expect(faults[0]!.message).toMatch(/^AdapterError: binding\.issue_refund\.tool: no tool "refund"/)
  })
})

describe('the context channel', () => {
  it('the operation arrives in _meta; the per-ask requestId differs per ask', async () => {
    const seen: { op: Operation | null; requestId: unknown; signal: boolean }[] = []
    const server = refundServer(async (args, extra) => {
      const op = operationOf(extra._meta)
      seen.push({ op, requestId: extra.requestId, signal: extra.signal instanceof AbortSignal })
      return text(await refund(args, op!))
    })
    const { call, outcomes, effects, history } = await run(server, {
      model: { maxAsks: 3, regenerateArgs: true, askAgainAfterSuccess: true },
    })
    expect(seen).toHaveLength(2)
    const deadline = eventsOf(history, 'turn-started')[0]!
    for (const { op, signal } of seen) {
      expect(op).toEqual({
        runId: call.split('/')[0],
        stepId: 's1',
        tool: 'refund_order',
        deadline: expect.any(Number),
        identity: 'per-step',
      })
      expect(signal).toBe(true)
    }
    expect(deadline.deadline).toBe(45_000)
    expect(seen[0]!.requestId).not.toBe(seen[1]!.requestId)
    // Keyed by the operation: asked twice, one refund.
    expect(effects).toHaveLength(1)
    expect(outcomes.map((o) => o.status)).toEqual(['SUCCEEDED', 'SUCCEEDED'])
    expect(outcomes[0]!.effect).toEqual({ type: 'refund', id: effects[0]!.effect })
  })

  it('a per-run policy travels with the operation', async () => {
    let op: Operation | null = null
    const server = refundServer(async (_args, extra) => {
      op = operationOf(extra._meta)
      return text({ id: 're_1' })
    })
    await run(server, {}, { identity: 'per-run' })
    expect(op).toMatchObject({ stepId: 's1', identity: 'per-run' })
  })

  it('declared annotations are the process’s contracts, only the hints declared', async () => {
    const server = refundServer(async () => text({ id: 're_1' }), {
      annotations: { idempotentHint: true, destructiveHint: false, openWorldHint: true },
    })
    const { history } = await run(server)
    expect(eventsOf(history, 'process-booted')[0]!.contracts).toEqual({
      issue_refund: { idempotent: true, destructive: false },
    })
    expect(eventsOf(history, 'process-booted')[0]).not.toHaveProperty('seesDeadline')
  })
})

describe('what comes back, placed', () => {
  it('a throw whose words claim nothing is UNKNOWN after the request left, never FAILED_NO_EFFECT', async () => {
    const server = refundServer(async (args, extra) => {
      const op = operationOf(extra._meta)!
      await refund(args, op)
      throw new Error('the receipt printer is out of paper')
    })
    const { outcomes, effects, history } = await run(server, { model: { maxAsks: 1, regenerateArgs: false } })
    expect(effects).toHaveLength(1)
    expect(outcomes).toEqual([
      expect.objectContaining({ status: 'UNKNOWN', retry_safe: false, action_taken: 'classified-ambiguous' }),
    ])
    expect(outcomes[0]!.message).toMatch(/refund_order answered isError: the receipt printer is out of paper/)
    expect(judge(history).violations).toEqual([])
  })

  it('a throw that says it failed reaches the model as an isError text, and is a failure: after the refund landed, a false failure', async () => {
    // McpServer hands the host error.message alone.
    const server = refundServer(async (args, extra) => {
      await refund(args, operationOf(extra._meta)!)
      throw new TypeError('fetch failed')
    })
    const { outcomes, history } = await run(server, { model: { maxAsks: 1, regenerateArgs: false } })
    expect(outcomes).toEqual([expect.objectContaining({ status: 'FAILED_NO_EFFECT', retry_safe: false })])
    expect(outcomes[0]!.message).toBe('refund_order answered isError: fetch failed')
    expect(judge(history).violations.map((v) => v.judge)).toContain('false-failure')
  })

  it('an isError text that says it failed is a failure, as the model reads it: after the refund landed, a false failure', async () => {
    // An MCP probe's tool: a catch-all isError
    // "refund failed" passed as UNKNOWN.
    const server = refundServer(async (args, extra) => {
      await refund(args, operationOf(extra._meta)!)
      return { content: [{ type: 'text' as const, text: 'Refund failed. Please try again.' }], isError: true }
    })
    const { outcomes, effects, history } = await run(server, { model: { maxAsks: 1, regenerateArgs: false } })
    expect(effects).toHaveLength(1)
    expect(outcomes).toEqual([
      expect.objectContaining({ status: 'FAILED_NO_EFFECT', retry_safe: true, action_taken: 'classified-not-sent' }),
    ])
    expect(judge(history).violations.map((v) => v.judge)).toContain('false-failure')
  })

  it('a returned envelope is used as is: structured content, or its JSON text', async () => {
    const structured = refundServer(async () => ({ ...text(refused), structuredContent: { ...refused } }), {
      outputSchema: envelopeSchema,
    })
    expect((await run(structured)).outcomes).toEqual([refused])
    expect((await run(refundServer(async () => text(refused)))).outcomes).toEqual([refused])
  })

  it('an error value is a failure, as a model reads it; one a classifier cannot place is a per-call executor-fault, one line', async () => {
    const server = () => refundServer(async () => text({ error: { type: 'card_error', message: 'declined\nreally' } }))
    expect((await run(server())).outcomes).toEqual([
      expect.objectContaining({ status: 'FAILED_NO_EFFECT', retry_safe: false, action_taken: 'classified-rejected' }),
    ])
    const { faults, outcomes, call } = await run(server(), {}, { classifier: () => null })
    expect(outcomes).toEqual([])
    expect(faults).toHaveLength(1)
    expect(faults[0]).toMatchObject({ call, problem: 'threw' })
    expect(faults[0]!.message).toMatch(/^AdapterError: the classifier cannot place refund_order returned /)
    expect(faults[0]!.message).not.toContain('\n')
  })

  it('the signal aborts at the deadline: the handler is cancelled, the outcome UNKNOWN in time', async () => {
    let aborted: { at: number; reason: unknown; deadline: number } | null = null
    const server = refundServer(
      (_args, extra) =>
        new Promise(() => {
          const op = operationOf(extra._meta)!
          extra.signal.addEventListener('abort', () => {
            aborted = { at: Date.now(), reason: extra.signal.reason, deadline: op.deadline }
          })
        }),
    )
    const { outcomes, reported, history } = await run(server, {
      turnBudgetMs: 5_000,
      model: { maxAsks: 1, regenerateArgs: false },
    })
    expect(aborted).not.toBeNull()
    const a = aborted!
    expect(a.at).toBe(a.deadline)
    // notifications/cancelled carries String(reason).
    expect(a.reason).toBe("TimeoutError: the turn's deadline passed")
    expect(outcomes).toEqual([expect.objectContaining({ status: 'UNKNOWN', retry_safe: false })])
    expect(outcomes[0]!.message).toMatch(/refund_order threw McpError: MCP error -32001: TimeoutError/)
    expect(reported[0]!.t).toBeLessThanOrEqual(5_000)
    expect(judge(history).violations).toEqual([])
  })
})

describe('MCP’s own error path, read right', () => {
  /** The classifier sees what crossed; answers UNKNOWN. */
  const recording = (seen: ToolObservation[]): { classifier: Classifier } => ({
    classifier: (o) => {
      seen.push(o as ToolObservation)
      return 'ambiguous'
    },
  })

  it('a throw in the handler is an isError result: only its text crosses', async () => {
    const seen: ToolObservation[] = []
    const server = refundServer(async () => {
      throw Object.assign(new Error('stripe said no'), { code: 'card_declined' })
    })
    await run(server, { model: { maxAsks: 1, regenerateArgs: false } }, recording(seen))
    expect(seen).toEqual([{ kind: 'mcp-error', tool: 'refund_order', text: 'stripe said no' }])
  })

  it('a bad argument is an isError result in 1.32.2, not a JSON-RPC -32602 error: the code is only in its text', async () => {
    // mcp.js: validateToolInput throws McpError(InvalidParams);
    // the tools/call handler's catch makes it createToolError.
    const seen: ToolObservation[] = []
    const server = refundServer(async () => text({ id: 're_never' }))
    await run(
      server,
      { model: { maxAsks: 1, regenerateArgs: false } },
      { ...recording(seen), binding: refundBindingWith('amount', { value: 'a lot' }) },
    )
    expect(seen).toHaveLength(1)
    expect(seen[0]).toMatchObject({ kind: 'mcp-error', tool: 'refund_order' })
    expect((seen[0] as { text: string }).text).toMatch(
      /^MCP error -32602: Input validation error: Invalid arguments for tool refund_order: .*at amount$/,
    )
  })

  it('structured content off its output schema is an isError result too', async () => {
    const seen: ToolObservation[] = []
    const server = refundServer(async () => ({ ...text({ id: 're_1' }), structuredContent: { id: 're_1' } }), {
      outputSchema: envelopeSchema,
    })
    await run(server, { model: { maxAsks: 1, regenerateArgs: false } }, recording(seen))
    expect(seen).toHaveLength(1)
    expect(seen[0]).toMatchObject({ kind: 'mcp-error' })
    expect((seen[0] as { text: string }).text).toMatch(
      /^MCP error -32602: Output validation error: Invalid structured content for tool refund_order/,
    )
  })
})

describe('a module-level server across a crash', () => {
  it('is let go by the dead process’s client and reconnected; requestId restarts', async () => {
    const ids: unknown[] = []
    const server = refundServer(async (args, extra) => {
      ids.push(extra.requestId)
      const op = operationOf(extra._meta)!
      return text(await refund(args, op))
    })
    const { history, outcomes, faults, effects } = await run(server, {
      faults: [
        { kind: 'executor-crash', boundary: 'executor', step: 's1', point: 'after-send', nth: 1, pauseMs: 5_000 },
      ],
    })
    expect(eventsOf(history, 'process-booted').map((e) => e.generation)).toEqual([1, 2])
    expect(faults).toEqual([])
    expect(outcomes.map((o) => o.status)).toEqual(['SUCCEEDED'])
    expect(effects).toHaveLength(1)
    // A new client numbers from where the first began.
    expect(ids).toHaveLength(2)
    expect(ids[1]).toBe(ids[0])
  })
})
