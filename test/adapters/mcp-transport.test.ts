// tool-transport faults through the MCP adapter:
// each kind's truth against the ledger, what the
// client reported, and where each is counted.
import { McpServer, type ToolCallback } from '@modelcontextprotocol/sdk/server/mcp.js'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { mcpExecutor, type Operation, operationOf } from '../../faultline/adapters/mcp.ts'
import { judge, type Scenario } from '../../faultline/index.ts'
import type { Fault } from '../../harness/faults/catalogue.ts'
import { eventsOf } from '../../harness/history/history.ts'
import { coverage } from '../../harness/judge/coverage.ts'
import { parseScenario } from '../../harness/scenario/scenario.ts'
import { scenarioArbitrary } from '../../scenarios/arbitraries.ts'
import { refundScenario } from '../support/scenario.ts'
import { oneShotExecutor } from '../support/one-shot-executor.ts'
import { refundBinding } from './support/refund-binding.ts'
import { refundInput } from './support/refund-input.ts'
import { runAdapted } from './support/run-adapted.ts'
import { stripeRefund } from './support/stripe-refund.ts'

type Handler = ToolCallback<typeof refundInput.shape>

/** What the handler saw, per tools/call. */
interface Seen {
  started: number
  finished: number | null
  abortedAt: number | null
}

/**
 * refund_order through stripe-node, keyed by the
 * operation; `careful`: it stops if its signal
 * aborted before it sends.
 */
function server(seen: Seen[], careful = false) {
  const s = new McpServer({ name: 'support', version: '1.0.0' })
  const handler: Handler = async (args, extra) => {
    const me: Seen = { started: Date.now(), finished: null, abortedAt: null }
    seen.push(me)
    extra.signal.addEventListener('abort', () => (me.abortedAt = Date.now()))
    await new Promise((r) => setTimeout(r, 10))
    if (careful && extra.signal.aborted) throw new Error('cancelled before anything was sent')
    const op = operationOf(extra._meta) as Operation
    const refund = await stripeRefund(args, { key: `${op.runId}/${op.stepId}` })
    me.finished = Date.now()
    return { content: [{ type: 'text' as const, text: JSON.stringify({ id: refund.id }) }] }
  }
  s.registerTool('refund_order', { description: 'Refund an order.', inputSchema: refundInput.shape }, handler)
  return s
}

const ONE_ASK = { maxAsks: 1, regenerateArgs: false }

async function strike(fault: Fault, options: { careful?: boolean; scenario?: Partial<Scenario> } = {}) {
  const seen: Seen[] = []
  const run = await runAdapted(
    refundScenario({ turnBudgetMs: 5_000, model: ONE_ASK, faults: [fault], ...options.scenario }),
    mcpExecutor({ name: 'mcp-transport', tools: server(seen, options.careful), binding: refundBinding }),
  )
  return { ...run, seen, struck: eventsOf(run.history, 'fault-injected') }
}

const at = (step: string, call = 1) => ({ boundary: 'tool-transport' as const, step, call })

describe('tool-response-dropped', () => {
  it('the handler acted; the client waits to the turn’s signal and reports UNKNOWN: the effect is in the ledger', async () => {
    const { effects, outcomes, reported, struck, seen, history } = await strike({
      kind: 'tool-response-dropped',
      ...at('s1'),
    })
    expect(struck).toEqual([expect.objectContaining({ kind: 'tool-response-dropped', boundary: 'tool-transport' })])
    expect(struck[0]!.attempt).toBe(0)
    expect(seen[0]!.finished).not.toBeNull()
    expect(effects).toHaveLength(1)
    expect(outcomes).toEqual([expect.objectContaining({ status: 'UNKNOWN', retry_safe: false })])
    expect(outcomes[0]!.message).toMatch(/MCP error -32001: TimeoutError: the turn's deadline passed/)
    expect(reported[0]!.t).toBe(5_000)
    expect(judge(history).violations).toEqual([])
    // Counted, and the effect landed while its caller heard none.
    expect(coverage(history)).toEqual([
      expect.objectContaining({
        kind: 'tool-response-dropped',
        boundary: 'tool-transport',
        struck: 1,
        effectWhileError: 1,
      }),
    ])
  })
})

describe('tool-response-delayed', () => {
  it('within the client’s patience: a slow success', async () => {
    const { effects, outcomes, reported, struck } = await strike({
      kind: 'tool-response-delayed',
      ...at('s1'),
      delayMs: 1_000,
    })
    expect(struck).toHaveLength(1)
    expect(effects).toHaveLength(1)
    expect(outcomes).toEqual([
      expect.objectContaining({ status: 'SUCCEEDED', effect: { type: 'refund', id: effects[0]!.effect } }),
    ])
    expect(reported[0]!.t).toBeGreaterThanOrEqual(1_000 + effects[0]!.t)
  })
  it('past it: the client gives up, the late answer is dropped, the effect stands', async () => {
    const { effects, outcomes, reported } = await strike({ kind: 'tool-response-delayed', ...at('s1'), delayMs: 9_000 })
    expect(effects).toHaveLength(1)
    expect(outcomes).toEqual([expect.objectContaining({ status: 'UNKNOWN' })])
    expect(reported[0]!.t).toBe(5_000)
  })
})

describe('tool-call-cancelled', () => {
  it('after the handler finished: no answer, the client says -32001 "Request timed out" at once; the effect landed', async () => {
    const { effects, outcomes, reported, seen, history } = await strike({
      kind: 'tool-call-cancelled',
      ...at('s1'),
      afterMs: 3_000,
    })
    expect(seen[0]!.finished! - seen[0]!.started).toBeLessThan(3_000)
    expect(effects).toHaveLength(1)
    expect(outcomes).toEqual([expect.objectContaining({ status: 'UNKNOWN' })])
    expect(outcomes[0]!.message).toMatch(/McpError: MCP error -32001: Request timed out/)
    // Long before the turn's end: a caller could ask again.
    expect(reported[0]!.t).toBe(eventsOf(history, 'call-started')[0]!.t + 3_000)
    expect(reported[0]!.t).toBeLessThan(5_000)
    expect(coverage(history)[0]).toMatchObject({ effectWhileError: 1 })
  })
  it('while it runs: its extra.signal aborts; one that goes on still refunds (the server sends no answer)', async () => {
    const { effects, outcomes, seen } = await strike({ kind: 'tool-call-cancelled', ...at('s1'), afterMs: 0 })
    expect(seen[0]!.abortedAt).toBe(seen[0]!.started)
    expect(seen[0]!.finished).not.toBeNull()
    expect(effects).toHaveLength(1)
    expect(outcomes[0]!.message).toMatch(/Request timed out/)
  })
  it('while it runs: one that honours its signal sends nothing, and the ledger has no refund', async () => {
    const { effects, outcomes, history } = await strike(
      { kind: 'tool-call-cancelled', ...at('s1'), afterMs: 0 },
      { careful: true },
    )
    expect(eventsOf(history, 'attempt-sent')).toHaveLength(0)
    expect(effects).toHaveLength(0)
    expect(outcomes).toEqual([expect.objectContaining({ status: 'UNKNOWN' })])
    expect(coverage(history)[0]).toMatchObject({ struck: 1, effectWhileError: 0 })
  })
})

describe('tool-connection-closed', () => {
  it('at the request: the server never reads it, no effect; the next ask reconnects and refunds once', async () => {
    const { effects, outcomes, seen } = await strike(
      { kind: 'tool-connection-closed', ...at('s1'), at: 'request' },
      { scenario: { model: { maxAsks: 2, regenerateArgs: false, ignoresRetrySafe: true } } },
    )
    expect(seen).toHaveLength(1) // only the second ask's handler ran
    expect(outcomes.map((o) => o.status)).toEqual(['UNKNOWN', 'SUCCEEDED'])
    expect(outcomes[0]!.message).toMatch(/MCP error -32000: Connection closed/)
    expect(effects).toHaveLength(1)
  })
  it('as the handler starts: its signal aborts; one that goes on refunds', async () => {
    const { effects, outcomes, seen } = await strike({ kind: 'tool-connection-closed', ...at('s1'), at: 'handler' })
    expect(seen[0]!.abortedAt).not.toBeNull()
    expect(effects).toHaveLength(1)
    expect(outcomes[0]!.message).toMatch(/Connection closed/)
  })
  it('as the handler starts, a careful handler stops: no effect', async () => {
    const { effects } = await strike({ kind: 'tool-connection-closed', ...at('s1'), at: 'handler' }, { careful: true })
    expect(effects).toHaveLength(0)
  })
  it('once it answered: the effect stands, the answer is lost', async () => {
    const { effects, outcomes } = await strike({ kind: 'tool-connection-closed', ...at('s1'), at: 'answer' })
    expect(effects).toHaveLength(1)
    expect(outcomes).toEqual([expect.objectContaining({ status: 'UNKNOWN' })])
  })
})

describe('tool-server-crash (a server of its own over stdio)', () => {
  it('dies before its handler sends: its timers never fire, nothing reaches Stripe; restarted, the next ask refunds once', async () => {
    const { effects, outcomes, seen, history } = await strike(
      { kind: 'tool-server-crash', ...at('s1'), afterMs: 0 },
      { scenario: { model: { maxAsks: 2, regenerateArgs: false, ignoresRetrySafe: true } } },
    )
    expect(seen).toHaveLength(2)
    expect(seen[0]!.finished).toBeNull() // its 10 ms timer died with it
    expect(outcomes[0]!.message).toMatch(/MCP error -32000: Connection closed/)
    expect(outcomes.map((o) => o.status)).toEqual(['UNKNOWN', 'SUCCEEDED'])
    expect(effects).toHaveLength(1)
    expect(eventsOf(history, 'attempt-sent')).toHaveLength(1)
  })
  it('dies with a request in flight: that one lands; what it sends after is fenced', async () => {
    const seen: Seen[] = []
    const s = new McpServer({ name: 'support', version: '1.0.0' })
    s.registerTool('refund_order', { description: 'Refund.', inputSchema: refundInput.shape }, async (args, extra) => {
      const op = operationOf(extra._meta) as Operation
      await stripeRefund(args, { key: `${op.runId}/${op.stepId}` })
      // A second request, after the crash: never leaves.
      const again = await stripeRefund(args, { key: `${op.runId}/${op.stepId}/again`, retries: 0 }).catch(() => null)
      seen.push({ started: 0, finished: again ? 1 : null, abortedAt: null })
      return { content: [{ type: 'text' as const, text: '{}' }] }
    })
    const { effects, outcomes, history } = await runAdapted(
      refundScenario({
        turnBudgetMs: 5_000,
        model: ONE_ASK,
        faults: [{ kind: 'tool-server-crash', ...at('s1'), afterMs: 500 }],
        services: {
          payments: { processingMs: 2_000, paymentIntents: [{ id: 'pi_1', amount: 10_000, currency: 'eur' }] },
        },
      }),
      mcpExecutor({ name: 'mcp-transport', tools: s, binding: refundBinding }),
    )
    expect(effects).toHaveLength(1)
    expect(effects[0]!.t).toBeGreaterThan(500)
    expect(outcomes).toEqual([expect.objectContaining({ status: 'UNKNOWN' })])
    expect(outcomes[0]!.message).toMatch(/Connection closed/)
    expect(eventsOf(history, 'fenced')).toEqual([expect.objectContaining({ generation: 0 })])
    expect(judge(history).violations).toEqual([])
  })
})

describe('addressing and scope', () => {
  it('call 2 strikes the step’s second tools/call only', async () => {
    const { outcomes, struck } = await strike(
      { kind: 'tool-response-dropped', ...at('s1', 2) },
      { scenario: { model: { maxAsks: 2, regenerateArgs: false, askAgainAfterSuccess: true } } },
    )
    expect(struck).toHaveLength(1)
    expect(outcomes.map((o) => o.status)).toEqual(['SUCCEEDED', 'UNKNOWN'])
  })
  it('an executor without MCP is never struck', async () => {
    const { runScenario } = await import('../../faultline/index.ts')
    const { history } = await runScenario(
      refundScenario({ faults: [{ kind: 'tool-response-dropped', ...at('s1') }], model: ONE_ASK }),
      oneShotExecutor({}, 5_000),
    )
    expect(eventsOf(history, 'fault-injected')).toEqual([])
    expect(eventsOf(history, 'effect-applied')).toHaveLength(1)
  })
  it('the scenario schema takes them, one fault per tools/call', () => {
    const ok = parseScenario(refundScenario({ faults: [{ kind: 'tool-call-cancelled', ...at('s1'), afterMs: 5 }] }))
    expect(ok.ok).toBe(true)
    const twice = parseScenario(
      refundScenario({
        faults: [
          { kind: 'tool-response-dropped', ...at('s1') },
          { kind: 'tool-connection-closed', ...at('s1'), at: 'request' },
        ],
      }),
    )
    expect(twice).toMatchObject({ ok: false, problem: expect.stringMatching(/s1 tools\/call 1/) })
  })
  it('the generator draws them only for an executor that declares the boundary', () => {
    const seed = Date.now() % 1_000_000
    console.log(`generator seed ${seed}`)
    const draw = (boundaries?: ['tool-transport']) =>
      fc.sample(scenarioArbitrary(boundaries ? { boundaries } : {}), { seed, numRuns: 60 })
    const plain = draw()
    const mcp = draw(['tool-transport'])
    const transport = (s: Scenario) => s.faults.filter((f) => f.boundary === 'tool-transport')
    expect(plain.flatMap(transport)).toEqual([])
    expect(mcp.flatMap(transport).length).toBeGreaterThan(0)
    for (const s of mcp) expect(parseScenario(s).ok).toBe(true)
  })
  it('the MCP executor declares the boundary', async () => {
    const ex = mcpExecutor({ name: 'x', tools: () => server([]), binding: refundBinding })
    expect(await ex.declare!()).toMatchObject({ boundaries: ['tool-transport'] })
  })
})
