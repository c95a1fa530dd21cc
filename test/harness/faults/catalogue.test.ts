// The rest of the catalogue: per fault kind, the
// ledger's truth and what the client saw
// (faults.test.ts covers the first four).
import { describe, expect, it } from 'vitest'
import type { Executor } from '../../../harness/contract/executor.ts'
import type { Fault } from '../../../harness/faults/catalogue.ts'
import { eventsOf } from '../../../harness/history/history.ts'
import { runScenario } from '../../../harness/run/runner.ts'
import type { Scenario } from '../../../harness/scenario/scenario.ts'
import { oneShotExecutor, type Seen } from '../../support/one-shot-executor.ts'
import { refundScenario } from '../../support/scenario.ts'

const ONE_ASK = { maxAsks: 1, regenerateArgs: false }

async function strike(faults: Fault[], timeoutMs: number | null = 5_000, extra: Partial<Scenario> = {}) {
  const seen: Seen = {}
  const { history } = await runScenario(
    refundScenario({ faults, model: ONE_ASK, ...extra }),
    oneShotExecutor(seen, timeoutMs),
  )
  return { seen, history, effects: eventsOf(history, 'effect-applied') }
}

describe('before-send: dns-failure', () => {
  it('nothing is sent; fetch fails with ENOTFOUND as the cause', async () => {
    const { seen, effects, history } = await strike([
      { kind: 'dns-failure', boundary: 'before-send', step: 's1', send: 1 },
    ])
    expect(effects).toHaveLength(0)
    expect(eventsOf(history, 'request-delivered')).toHaveLength(0)
    expect(seen.error).toMatchObject({ name: 'TypeError', message: 'fetch failed', causeCode: 'ENOTFOUND' })
  })
})

describe('in-transit: latency', () => {
  it('just under the client timeout: a slow success', async () => {
    const { seen, effects, history } = await strike(
      [{ kind: 'latency', boundary: 'in-transit', step: 's1', send: 1, delayMs: 4_900 }],
      5_000,
    )
    expect(seen.status).toBe(200)
    expect(effects).toHaveLength(1)
    expect(eventsOf(history, 'outcome-reported')[0]!.t).toBe(4_920)
  })
  it('just over: the client times out, and the request lands anyway', async () => {
    const { seen, effects, history } = await strike(
      [{ kind: 'latency', boundary: 'in-transit', step: 's1', send: 1, delayMs: 5_100 }],
      5_000,
    )
    expect(seen.error).toMatchObject({ name: 'TimeoutError' })
    expect(effects).toHaveLength(1)
    expect(effects[0]!.t).toBeGreaterThan(eventsOf(history, 'outcome-reported')[0]!.t)
  })
})

describe('in-transit: dropped', () => {
  it('never arrives; the client sees its own timeout', async () => {
    const { seen, effects, history } = await strike(
      [{ kind: 'dropped', boundary: 'in-transit', step: 's1', send: 1 }],
      5_000,
    )
    expect(seen.error).toMatchObject({ name: 'TimeoutError' })
    expect(effects).toHaveLength(0)
    expect(eventsOf(history, 'request-delivered')).toHaveLength(0)
  })
})

describe('after-receipt: an internal 500', () => {
  it('no effect; the 500 is stored under the key and replayed to a resend with the same key', async () => {
    const statuses: (number | string)[] = []
    const twice: Executor = {
      name: 'twice',
      boot: async (ctx) => ({
        async callTool() {
          for (let i = 0; i < 2; i++) {
            const r = await fetch(`${ctx.services.payments}/v1/refunds`, {
              method: 'POST',
              headers: { 'idempotency-key': 'k500', 'content-type': 'application/x-www-form-urlencoded' },
              body: 'payment_intent=pi_1&amount=100',
            })
            statuses.push(
              r.status,
              r.headers.get('idempotent-replayed') ?? '-',
              r.headers.get('stripe-should-retry') ?? '-',
            )
          }
          return { status: 'UNKNOWN', retry_safe: false, effect: null, action_taken: 't', message: '' }
        },
      }),
    }
    const { history } = await runScenario(
      refundScenario({
        faults: [{ kind: 'server-fails-before-apply', boundary: 'after-receipt', step: 's1', send: 1, mode: '500' }],
        model: ONE_ASK,
      }),
      twice,
    )
    expect(eventsOf(history, 'effect-applied')).toHaveLength(0)
    // Stripe replays a stored 500 as it is
    // (Stripe-Should-Retry: false).
    expect(statuses).toEqual([500, '-', 'false', 500, 'true', 'false'])
  })
})

describe('gateway: gateway-timeout', () => {
  it('504 with an HTML page while the upstream finishes later: effect, after the 504', async () => {
    const { seen, effects, history } = await strike(
      [{ kind: 'gateway-timeout', boundary: 'gateway', step: 's1', send: 1, upstream: 'finishes', afterMs: 2_000 }],
      5_000,
    )
    expect(seen.status).toBe(504)
    expect(effects).toHaveLength(1)
    expect(effects[0]!.t).toBeGreaterThan(eventsOf(history, 'outcome-reported')[0]!.t)
  })
  it('504 and the upstream dies: no effect', async () => {
    const { seen, effects } = await strike(
      [{ kind: 'gateway-timeout', boundary: 'gateway', step: 's1', send: 1, upstream: 'dies', afterMs: 2_000 }],
      5_000,
    )
    expect(seen.status).toBe(504)
    expect(effects).toHaveLength(0)
  })
})

describe('response: error-response', () => {
  it.each([
    [429, 'rate_limit'],
    [503, undefined],
    [400, 'parameter_invalid_integer'],
    [409, 'idempotency_key_in_use'],
  ] as const)("%i in Stripe's shape, with no effect", async (status, code) => {
    const { seen, effects } = await strike([
      { kind: 'error-response', boundary: 'response', step: 's1', send: 1, status, retryAfterS: 3 },
    ])
    expect(seen.status).toBe(status)
    expect(effects).toHaveLength(0)
    const error = (JSON.parse(seen.body!) as { error: { type: string; code?: string } }).error
    expect(error.type).toMatch(/_error$/) // Stripe's error shape
    expect(error.code).toBe(code)
  })
  it('429 as Stripe sends it: Stripe-Rate-Limited-Reason and a request id, no Retry-After; Retry-After only with the stripe-retry-after profile', async () => {
    const headers: Record<string, string | null>[] = []
    const ex: Executor = {
      name: 'ra',
      boot: async (ctx) => ({
        async callTool() {
          const r = await fetch(`${ctx.services.payments}/v1/refunds`, {
            method: 'POST',
            body: 'payment_intent=pi_1&amount=100',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
          })
          headers.push({
            retryAfter: r.headers.get('retry-after'),
            reason: r.headers.get('stripe-rate-limited-reason'),
            requestId: r.headers.get('request-id'),
          })
          const body = (await r.json()) as { error: { code: string } }
          expect(body.error.code).toBe('rate_limit')
          return { status: 'FAILED_NO_EFFECT', retry_safe: true, effect: null, action_taken: 't', message: '' }
        },
      }),
    }
    const fault = {
      kind: 'error-response',
      boundary: 'response',
      step: 's1',
      send: 1,
      status: 429,
      retryAfterS: 7,
    } as const
    await runScenario(refundScenario({ faults: [fault], model: ONE_ASK }), ex)
    await runScenario(refundScenario({ faults: [fault], model: ONE_ASK, profile: ['stripe-retry-after'] }), ex)
    expect(headers).toEqual([
      { retryAfter: null, reason: 'endpoint-rate', requestId: expect.stringMatching(/^req_/) },
      { retryAfter: '7', reason: 'endpoint-rate', requestId: expect.stringMatching(/^req_/) },
    ])
  })
})

describe('probe: probe-timeout', () => {
  it('strikes the n-th read, not a write; the read changes nothing', async () => {
    let seen: string | null = null
    const reader: Executor = {
      name: 'reader',
      boot: async (ctx) => ({
        async callTool() {
          await (
            await fetch(`${ctx.services.payments}/v1/refunds`, {
              method: 'POST',
              body: 'payment_intent=pi_1&amount=100',
              headers: { 'content-type': 'application/x-www-form-urlencoded' },
            })
          ).text()
          try {
            await fetch(`${ctx.services.payments}/v1/refunds?payment_intent=pi_1`, {
              signal: AbortSignal.timeout(2_000),
            })
            seen = 'answered'
          } catch (e) {
            seen = (e as Error).name
          }
          return { status: 'SUCCEEDED', retry_safe: true, effect: null, action_taken: 't', message: '' }
        },
      }),
    }
    const { history } = await runScenario(
      refundScenario({ faults: [{ kind: 'probe-timeout', boundary: 'probe', step: 's1', probe: 1 }], model: ONE_ASK }),
      reader,
    )
    expect(seen).toBe('TimeoutError')
    expect(eventsOf(history, 'effect-applied')).toHaveLength(1)
    expect(eventsOf(history, 'fault-injected')[0]).toMatchObject({ boundary: 'probe', attempt: 2 })
  })
})

describe('probe: visibility lag', () => {
  it('a read right after the write misses it; one after the lag finds it', async () => {
    const found: number[] = []
    const ex: Executor = {
      name: 'lag',
      boot: async (ctx) => ({
        async callTool() {
          await (
            await fetch(`${ctx.services.payments}/v1/refunds`, {
              method: 'POST',
              body: 'payment_intent=pi_1&amount=100',
              headers: { 'content-type': 'application/x-www-form-urlencoded' },
            })
          ).text()
          for (const wait of [0, 4_000]) {
            await new Promise((r) => setTimeout(r, wait))
            found.push(
              (
                (await (await fetch(`${ctx.services.payments}/v1/refunds?payment_intent=pi_1`)).json()) as {
                  data: unknown[]
                }
              ).data.length,
            )
          }
          return { status: 'SUCCEEDED', retry_safe: true, effect: null, action_taken: 't', message: '' }
        },
      }),
    }
    await runScenario(
      refundScenario({
        model: ONE_ASK,
        services: {
          payments: {
            processingMs: 20,
            visibilityLagMs: 3_000,
            paymentIntents: [{ id: 'pi_1', amount: 10_000, currency: 'eur' }],
          },
        },
      }),
      ex,
    )
    expect(found).toEqual([0, 1])
  })
})

describe('service: service-restart', () => {
  for (const keyStore of ['durable', 'volatile'] as const) {
    it(`${keyStore} key store: the struck request is lost (reset), and an earlier key is ${keyStore === 'durable' ? 'kept' : 'forgotten'}`, async () => {
      const ids: (string | number)[] = []
      const ex: Executor = {
        name: 'restart',
        boot: async (ctx) => ({
          async callTool() {
            const post = (key: string) =>
              fetch(`${ctx.services.payments}/v1/refunds`, {
                method: 'POST',
                body: 'payment_intent=pi_1&amount=100',
                headers: { 'content-type': 'application/x-www-form-urlencoded', 'idempotency-key': key },
              })
            ids.push(((await (await post('first')).json()) as { id: string }).id) // attempt 1
            ids.push(
              await post('other').then(
                (r) => r.status,
                (e: Error & { cause?: { code?: string } }) => e.cause?.code ?? e.name,
              ),
            ) // attempt 2: restart
            ids.push(((await (await post('first')).json()) as { id: string }).id) // the first key again
            return { status: 'SUCCEEDED', retry_safe: true, effect: null, action_taken: 't', message: '' }
          },
        }),
      }
      const { history } = await runScenario(
        refundScenario({
          faults: [{ kind: 'service-restart', boundary: 'service', step: 's1', send: 2 }],
          model: ONE_ASK,
          services: {
            payments: { processingMs: 20, keyStore, paymentIntents: [{ id: 'pi_1', amount: 10_000, currency: 'eur' }] },
          },
        }),
        ex,
      )
      expect(['UND_ERR_SOCKET', 'ECONNRESET']).toContain(ids[1]) // a connection closed mid-request, per undici
      expect(eventsOf(history, 'service-restarted')).toHaveLength(1)
      if (keyStore === 'durable') expect(ids[2]).toBe(ids[0])
      else expect(ids[2]).not.toBe(ids[0])
      expect(eventsOf(history, 'effect-applied')).toHaveLength(keyStore === 'durable' ? 1 : 2)
    })
  }
})
