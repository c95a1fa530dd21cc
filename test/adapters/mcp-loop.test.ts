// MCP's host loop: the client's own timeout with a
// handler that finishes late, judged against the
// ledger; the host's request options; replays.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { describe, expect, it } from 'vitest'
import { type McpHost, mcpLoopExecutor, operationOf } from '../../faultline/adapters/mcp.ts'
import { type Executor, judge, type Scenario } from '../../faultline/index.ts'
import type { Fault } from '../../harness/faults/catalogue.ts'
import { eventsOf } from '../../harness/history/history.ts'
import { refundScenario } from '../support/scenario.ts'
import { expectPassed, gatedLoop } from './support/gated-loop.ts'
import { refundBinding } from './support/refund-binding.ts'
import { refundInput } from './support/refund-input.ts'
import { namedScenario } from './support/named-scenario.ts'
import { runAdapted } from './support/run-adapted.ts'
import { stripeRefund } from './support/stripe-refund.ts'

const example = async (name: string) =>
  ((await import(`../../examples/loops/mcp/${name}.faultline.ts`)) as { default: Executor }).default

const named = (): Scenario => namedScenario('mcp-late-handler')

/** refund_order keyed by the operation, as careful tools are. */
function refundServer(onProgress?: number) {
  const server = new McpServer({ name: 'support', version: '1.0.0' })
  server.registerTool(
    'refund_order',
    { description: 'Refund an order.', inputSchema: refundInput.shape },
    async (args, extra) => {
      // Progress every second, if the host asked for it.
      const token = extra._meta?.progressToken
      for (let i = 0; onProgress && token !== undefined && i < onProgress; i++) {
        await new Promise((r) => setTimeout(r, 1_000))
        await extra.sendNotification({
          method: 'notifications/progress',
          params: { progressToken: token, progress: i + 1 },
        })
      }
      const op = operationOf(extra._meta)!
      const refund = await stripeRefund(args, { key: `${op.runId}/${op.stepId}` })
      return { content: [{ type: 'text' as const, text: JSON.stringify({ id: refund.id }) }] }
    },
  )
  return server
}

const host = (more: Omit<McpHost, 'server'> = {}, progress?: number) =>
  mcpLoopExecutor({
    name: 'mcp-loop-test',
    host: () => ({ server: refundServer(progress), ...more }),
    binding: refundBinding,
  })

const ONE_ASK = { maxAsks: 1, regenerateArgs: false }

describe('the client’s timeout, a handler that finishes late', () => {
  it('the incident: "Request timed out" at 60 s, the refund at 65 s: false-failure (and a second refund on the retry)', async () => {
    const run = await runAdapted(named(), await example('late-handler'))
    expect(run.outcomes[0]).toMatchObject({ status: 'FAILED_NO_EFFECT', retry_safe: true })
    expect(run.outcomes[0]!.message).toBe('refund_order: MCP error -32001: Request timed out')
    expect(run.reported[0]!.t).toBe(60_000)
    expect(run.effects.map((e) => e.t)).toEqual([60_020, 65_020])
    const found = judge(run.history).violations.map((v) => v.judge)
    expect(found).toContain('false-failure')
    expect(found).toContain('duplicate-effect')
  })

  it('the careful host and tools pass the same scenario', async () => {
    const run = await runAdapted(named(), await example('careful'))
    expect(run.outcomes.map((o) => o.status)).toEqual(['SUCCEEDED'])
    expect(run.effects).toHaveLength(1)
    expect(judge(run.history).violations).toEqual([])
  })

  it('the host’s own timeout is the one that strikes: 5 s, a Stripe request 8 s slow', async () => {
    const slow: Fault = { kind: 'latency', boundary: 'in-transit', step: 's1', send: 1, delayMs: 8_000 }
    const run = await runAdapted(
      refundScenario({ faults: [slow], model: ONE_ASK }),
      host({ request: { timeout: 5_000 } }),
    )
    expect(run.reported[0]!.t).toBe(5_000)
    expect(run.outcomes[0]!.message).toMatch(/MCP error -32001: Request timed out/)
    expect(run.effects.map((e) => e.t)).toEqual([8_020])
    expect(judge(run.history).violations.map((v) => v.judge)).toEqual(['false-failure'])
  })

  it('resetTimeoutOnProgress: a handler that reports progress outlives a 1.5 s timeout; maxTotalTimeout caps it', async () => {
    const scenario = refundScenario({ model: ONE_ASK })
    const reset = await runAdapted(scenario, host({ request: { timeout: 1_500, resetTimeoutOnProgress: true } }, 4))
    expect(reset.outcomes.map((o) => o.status)).toEqual(['SUCCEEDED'])
    const capped = await runAdapted(
      scenario,
      host({ request: { timeout: 1_500, resetTimeoutOnProgress: true, maxTotalTimeout: 2_500 } }, 4),
    )
    expect(capped.outcomes[0]!.message).toMatch(/MCP error -32001: Maximum total timeout exceeded/)
    expect(capped.reported[0]!.t).toBe(3_000)
  })
})

describe('tool-transport faults, told by the host', () => {
  const cancelled: Fault = {
    kind: 'tool-call-cancelled',
    boundary: 'tool-transport',
    step: 's1',
    call: 1,
    afterMs: 3_000,
  }

  it('the cancellation after the handler finished: told "Request timed out", the refund landed: false-failure', async () => {
    const run = await runAdapted(refundScenario({ faults: [cancelled], model: ONE_ASK }), host())
    expect(eventsOf(run.history, 'fault-injected')).toEqual([
      expect.objectContaining({ kind: 'tool-call-cancelled', boundary: 'tool-transport' }),
    ])
    expect(run.effects).toHaveLength(1)
    expect(run.outcomes[0]).toMatchObject({ status: 'FAILED_NO_EFFECT', retry_safe: true })
    expect(judge(run.history).violations.map((v) => v.judge)).toEqual(['false-failure'])
  })

  it('a host that says it may have happened is honest: UNKNOWN, no violation', async () => {
    const run = await runAdapted(
      refundScenario({ faults: [cancelled], model: ONE_ASK }),
      host({ toldOnError: (e, tool) => `${tool}: ${(e as Error).message}; it may have happened, do not retry` }),
    )
    expect(run.outcomes[0]).toMatchObject({ status: 'UNKNOWN', retry_safe: false })
    expect(judge(run.history).violations).toEqual([])
  })

  it('a closed connection: the host reconnects for the next ask', async () => {
    const closed: Fault = {
      kind: 'tool-connection-closed',
      boundary: 'tool-transport',
      step: 's1',
      call: 1,
      at: 'request',
    }
    const run = await runAdapted(
      refundScenario({ faults: [closed], model: { maxAsks: 2, regenerateArgs: false, ignoresRetrySafe: true } }),
      host(),
    )
    expect(run.outcomes[0]!.message).toMatch(/MCP error -32000: Connection closed/)
    expect(run.outcomes.map((o) => o.status)).toEqual(['FAILED_NO_EFFECT', 'SUCCEEDED'])
    expect(run.effects).toHaveLength(1)
    expect(judge(run.history).violations).toEqual([])
  })
})

describe('a server process of its own', () => {
  it('crashed, it is restarted from the host’s factory for the next ask; what it sent before still lands', async () => {
    let made = 0
    const executor = mcpLoopExecutor({
      name: 'mcp-loop-test',
      host: { server: () => (made++, refundServer()) },
      binding: refundBinding,
    })
    const crash: Fault = { kind: 'tool-server-crash', boundary: 'tool-transport', step: 's1', call: 1, afterMs: 500 }
    const run = await runAdapted(
      refundScenario({
        faults: [crash],
        model: { maxAsks: 2, regenerateArgs: false, ignoresRetrySafe: true },
        services: {
          payments: { processingMs: 2_000, paymentIntents: [{ id: 'pi_1', amount: 10_000, currency: 'eur' }] },
        },
      }),
      executor,
    )
    expect(made).toBe(2)
    expect(run.outcomes[0]!.message).toMatch(/MCP error -32000: Connection closed/)
    // The new server's resend finds the dead one's
    // request still in flight (409), which lands:
    // told a failure twice, the refund happened.
    expect(eventsOf(run.history, 'answered').map((e) => e.status)).toEqual([409, 409, 409, 200])
    expect(run.effects.map((e) => e.t)).toEqual([2_000])
    expect(judge(run.history).violations.map((v) => v.judge)).toContain('false-failure')
  })
})

describe('replays and gates', () => {
  it('the same seed gives a byte-identical history, with the host loop in it', async () => {
    for (const name of ['late-handler', 'careful']) {
      const executor = await example(name)
      const once = JSON.stringify((await runAdapted(named(), executor)).history)
      const again = JSON.stringify((await runAdapted(named(), executor)).history)
      expect(once.length).toBeGreaterThan(1_000)
      expect(again).toBe(once)
    }
  })

  it('the careful host passes a gate, one worker', async () => {
    expectPassed(await gatedLoop('mcp', 'careful', 200, 1), 200)
  }, 600_000)
})
