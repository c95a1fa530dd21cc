// gateway-error: a proxy's own 502/500/503
// page, before the upstream was reached (no
// effect) or after it acted (effect); the
// ledger's truth and what fetch saw.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { FAULT_KINDS, REQUEST_FAULTS, type Fault } from '../../../harness/faults/catalogue.ts'
import { gatewayError, gatewayPage } from '../../../harness/faults/gateway-error.ts'
import { gatewayTimeout } from '../../../harness/faults/gateway-timeout.ts'
import { eventsOf } from '../../../harness/history/history.ts'
import { runScenario } from '../../../harness/run/runner.ts'
import { oneShotExecutor, type Seen } from '../../support/one-shot-executor.ts'
import { refundScenario } from '../../support/scenario.ts'

const ONE_ASK = { maxAsks: 1, regenerateArgs: false }

type Status = 502 | 500 | 503
type Upstream = 'acted' | 'not-reached'

const fault = (status: Status, upstream: Upstream, afterMs = 1_000): Fault => ({
  kind: 'gateway-error',
  boundary: 'gateway',
  step: 's1',
  send: 1,
  status,
  upstream,
  afterMs,
})

async function strike(f: Fault, timeoutMs = 5_000) {
  const seen: Seen = {}
  const { history } = await runScenario(
    refundScenario({ faults: [f], model: ONE_ASK }),
    oneShotExecutor(seen, timeoutMs),
  )
  return { seen, history, effects: eventsOf(history, 'effect-applied') }
}

describe('gateway: gateway-error', () => {
  it.each([502, 500, 503] as const)(
    '%i after the upstream acted: the effect is in, the page is the proxy’s',
    async (status) => {
      const { seen, history, effects } = await strike(fault(status, 'acted'))
      expect(seen.status).toBe(status)
      expect(seen.body).toBe(gatewayPage(status))
      expect(effects).toHaveLength(1)
      // Committed before the page came.
      const answered = eventsOf(history, 'answered').find((e) => e.attempt === 1)!
      expect(answered.status).toBe(status)
      expect(effects[0]!.t).toBeLessThan(answered.t)
      expect(eventsOf(history, 'response-lost').map((e) => e.attempt)).toEqual([1])
    },
  )

  it.each([502, 500, 503] as const)(
    '%i with the upstream not reached: nothing delivered, no effect',
    async (status) => {
      const { seen, history, effects } = await strike(fault(status, 'not-reached'))
      expect(seen.status).toBe(status)
      expect(seen.body).toBe(gatewayPage(status))
      expect(effects).toHaveLength(0)
      expect(eventsOf(history, 'request-delivered')).toHaveLength(0)
    },
  )

  it('answers `afterMs` after the request (after the upstream, when it acted)', async () => {
    const at = async (upstream: Upstream) => {
      const { history } = await strike(fault(502, upstream, 3_000))
      const sent = eventsOf(history, 'attempt-sent')[0]!.t
      return eventsOf(history, 'answered')[0]!.t - sent
    }
    expect(await at('not-reached')).toBe(3_000)
    // The service's 20 ms, then the proxy's 3 s.
    expect(await at('acted')).toBe(3_020)
  })

  it('a client that gives up first sees its own timeout; the page goes nowhere', async () => {
    for (const [upstream, effects] of [
      ['acted', 1],
      ['not-reached', 0],
    ] as const) {
      const { seen, history, effects: applied } = await strike(fault(502, upstream, 8_000), 5_000)
      expect(seen.status, upstream).toBeUndefined()
      expect(seen.error?.name, upstream).toBe('TimeoutError')
      expect(eventsOf(history, 'answered'), upstream).toEqual([])
      expect(applied, upstream).toHaveLength(effects)
    }
  })

  it("is nginx's own page (ngx_http_special_response.c), HTML", () => {
    expect(gatewayPage(502)).toBe(
      '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n' +
        '<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n',
    )
    expect(gatewayPage(503)).toContain('<title>503 Service Temporarily Unavailable</title>')
    expect(gatewayPage(500)).toContain('<h1>500 Internal Server Error</h1>')
    expect(() => JSON.parse(gatewayPage(502))).toThrow(SyntaxError)
  })

  it('accepts only 502, 500, 503 and acted / not-reached', () => {
    const ok = {
      kind: 'gateway-error',
      boundary: 'gateway',
      step: 's1',
      send: 1,
      status: 502,
      upstream: 'acted',
      afterMs: 0,
    }
    expect(gatewayError.schema.safeParse(ok).success).toBe(true)
    expect(gatewayError.schema.safeParse({ ...ok, status: 504 }).success).toBe(false)
    expect(gatewayError.schema.safeParse({ ...ok, upstream: 'finishes' }).success).toBe(false)
    expect(gatewayError.schema.safeParse({ ...ok, afterMs: 120_001 }).success).toBe(false)
  })

  it('is in the catalogue, drawn as often as gateway-timeout, every status and upstream', () => {
    expect(REQUEST_FAULTS).toContain(gatewayError)
    expect(FAULT_KINDS['gateway-error']).toMatchObject({ boundary: 'gateway', truth: 'effect iff the upstream acted' })
    expect(gatewayError.weight).toBe(gatewayTimeout.weight)
    const seed = 24
    console.log(`gateway-error parameters: seed ${seed}`)
    const drawn = fc.sample(gatewayError.parameters({ turnBudgetMs: 30_000, spineOnly: false }), { seed, numRuns: 300 })
    expect(new Set(drawn.map((p) => p.status))).toEqual(new Set([502, 500, 503]))
    expect(new Set(drawn.map((p) => p.upstream))).toEqual(new Set(['acted', 'not-reached']))
    expect(drawn.every((p) => p.afterMs >= 0 && p.afterMs <= 30_000)).toBe(true)
    // Some in the turn's last seconds.
    expect(drawn.some((p) => p.afterMs >= 25_500 && p.afterMs <= 29_000)).toBe(true)
  })
})
