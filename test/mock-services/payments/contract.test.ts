import { describe, expect, it } from 'vitest'
import { DAY_MS } from '../../../mock-services/idempotency/store.ts'
import {
  PaymentsService,
  type PaymentIntent,
  type PaymentsSettings,
  type Refund,
} from '../../../mock-services/payments/payments.ts'
import type { Delivery } from '../../../mock-services/service.ts'

const BASE = 'https://payments.test'
const D1: Delivery = { attempt: 1, call: 'r/s1' }
const D2: Delivery = { attempt: 2, call: 'r/s1' }
const NOW = 1_700_000_000_000

interface StripeErrorBody {
  error: { type: string; code?: string; param?: string; message: string }
}
interface StripeListBody {
  object: string
  url: string
  has_more: boolean
  data: Refund[]
}

function clock(start = NOW) {
  const c = { now: start, fn: () => c.now }
  return c
}

function post(path: string, body: string, key: string | null = 'k1'): Request {
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' }
  if (key !== null) headers['idempotency-key'] = key
  return new Request(`${BASE}${path}`, { method: 'POST', headers, body })
}
const refund = (body: string, key: string | null = 'k1') => post('/v1/refunds', body, key)
const intent = (body: string, key: string | null = 'pk') => post('/v1/payment_intents', body, key)
const get = (path: string) => new Request(`${BASE}${path}`)

function service(settings: Partial<PaymentsSettings> = {}, now: () => number = () => NOW): PaymentsService {
  const s = new PaymentsService(now, { processingMs: 0, ...settings })
  s.seedPaymentIntent('pi_1', 10_000, 'eur')
  s.seedPaymentIntent('pi_2', 5_000, 'usd')
  return s
}

async function json<T>(res: Response): Promise<T> {
  return (await res.json()) as T
}
async function errorOf(res: Response): Promise<StripeErrorBody['error']> {
  return (await json<StripeErrorBody>(res)).error
}
async function refundIdOf(res: Response): Promise<string> {
  expect(res.status).toBe(200)
  return (await json<Refund>(res)).id
}

/** A hand-operated `pause`: requests wait in it. */
function manualPause() {
  const waiting: (() => void)[] = []
  const g = {
    hold: true,
    waiting,
    pause: () => (g.hold ? new Promise<void>((resolve) => waiting.push(resolve)) : Promise.resolve()),
    async reached(n: number) {
      for (let i = 0; i < 200 && waiting.length < n; i++) await new Promise((r) => setImmediate(r))
      expect(waiting.length).toBe(n)
    },
  }
  return g
}

describe('GET /v1/refunds — Stripe list pagination', () => {
  /**
   * 25 refunds of pi_big and 3 of pi_1, interleaved;
   * returns pi_big's ids newest first.
   */
  async function populated() {
    const s = service()
    s.seedPaymentIntent('pi_big', 100_000, 'eur')
    const created: string[] = []
    for (let i = 0; i < 25; i++) {
      created.push(await refundIdOf(await s.handle(refund('payment_intent=pi_big&amount=1', `big-${i}`), D1)))
      if (i % 10 === 0) await refundIdOf(await s.handle(refund('payment_intent=pi_1&amount=1', `one-${i}`), D1))
    }
    const newest = [...created].reverse()
    const list = async (query: string) => {
      const res = await s.handle(get(`/v1/refunds?payment_intent=pi_big${query}`), D1)
      return { res, status: res.status }
    }
    return { s, newest, list }
  }

  it('defaults to 10, newest first, in the list shape with has_more and url /v1/refunds', async () => {
    const { newest, list } = await populated()
    const { res } = await list('')
    expect(res.status).toBe(200)
    const body = await json<StripeListBody>(res)
    expect(body.object).toBe('list')
    expect(body.url).toBe('/v1/refunds')
    expect(body.has_more).toBe(true)
    expect(body.data.map((r) => r.id)).toEqual(newest.slice(0, 10))
    expect(body.data.every((r) => r.payment_intent === 'pi_big')).toBe(true)
  })

  it.each([
    [1, 1, true],
    [24, 24, true],
    [25, 25, false],
    [100, 25, false],
  ])('limit=%i returns %i refunds, has_more %s', async (limit, count, hasMore) => {
    const { newest, list } = await populated()
    const body = await json<StripeListBody>((await list(`&limit=${limit}`)).res)
    expect(body.data.map((r) => r.id)).toEqual(newest.slice(0, count))
    expect(body.has_more).toBe(hasMore)
  })

  it.each(['0', '101', 'abc', '-1', '1.5', ''])('limit=%s → 400 invalid_request_error, param limit', async (limit) => {
    const { list } = await populated()
    const { res } = await list(`&limit=${limit}`)
    expect(res.status).toBe(400)
    expect(await errorOf(res)).toMatchObject({ type: 'invalid_request_error', param: 'limit' })
  })

  it('starting_after pages towards older refunds', async () => {
    const { newest, list } = await populated()
    const page2 = await json<StripeListBody>((await list(`&starting_after=${newest[9]}`)).res)
    expect(page2.data.map((r) => r.id)).toEqual(newest.slice(10, 20))
    expect(page2.has_more).toBe(true)
    const page3 = await json<StripeListBody>((await list(`&starting_after=${newest[19]}`)).res)
    expect(page3.data.map((r) => r.id)).toEqual(newest.slice(20, 25))
    expect(page3.has_more).toBe(false)
    const last = await json<StripeListBody>((await list(`&starting_after=${newest[24]}`)).res)
    expect(last.data).toEqual([])
    expect(last.has_more).toBe(false)
  })

  it('walking every page with starting_after visits each refund exactly once, in order', async () => {
    const { newest, list } = await populated()
    const seen: string[] = []
    let cursor: string | null = null
    for (let pages = 0; pages < 20; pages++) {
      const body: StripeListBody = await json<StripeListBody>(
        (await list(`&limit=7${cursor ? `&starting_after=${cursor}` : ''}`)).res,
      )
      seen.push(...body.data.map((r) => r.id))
      if (!body.has_more) break
      cursor = body.data[body.data.length - 1]!.id
    }
    expect(seen).toEqual(newest)
  })

  it('ending_before pages towards newer refunds', async () => {
    const { newest, list } = await populated()
    const back = await json<StripeListBody>((await list(`&ending_before=${newest[20]}`)).res)
    expect(back.data.map((r) => r.id)).toEqual(newest.slice(10, 20))
    expect(back.has_more).toBe(true)
    const exact = await json<StripeListBody>((await list(`&ending_before=${newest[10]}`)).res)
    expect(exact.data.map((r) => r.id)).toEqual(newest.slice(0, 10))
    expect(exact.has_more).toBe(false)
    const short = await json<StripeListBody>((await list(`&ending_before=${newest[3]}&limit=10`)).res)
    expect(short.data.map((r) => r.id)).toEqual(newest.slice(0, 3))
    expect(short.has_more).toBe(false)
    const first = await json<StripeListBody>((await list(`&ending_before=${newest[0]}`)).res)
    expect(first.data).toEqual([])
    expect(first.has_more).toBe(false)
  })

  it.each(['starting_after', 'ending_before'])('an unknown %s cursor → 400 resource_missing', async (param) => {
    const { list } = await populated()
    const { res } = await list(`&${param}=re_nope`)
    expect(res.status).toBe(400)
    const err = await errorOf(res)
    expect(err).toMatchObject({ type: 'invalid_request_error', code: 'resource_missing', param })
    expect(err.message).toContain('re_nope')
  })

  it('both cursors at once → 400', async () => {
    const { newest, list } = await populated()
    const { res } = await list(`&starting_after=${newest[1]}&ending_before=${newest[5]}`)
    expect(res.status).toBe(400)
    expect(await errorOf(res)).toMatchObject({ type: 'invalid_request_error', param: 'ending_before' })
  })
})

describe('payment intents', () => {
  it('GET /v1/payment_intents/:id returns the intent; an unknown id is 404 resource_missing', async () => {
    const s = service()
    const res = await s.handle(get('/v1/payment_intents/pi_1'), D1)
    expect(res.status).toBe(200)
    expect(await json<PaymentIntent>(res)).toEqual({
      id: 'pi_1',
      object: 'payment_intent',
      amount: 10_000,
      amount_received: 10_000,
      currency: 'eur',
      status: 'succeeded',
      metadata: {},
      created: Math.floor(NOW / 1000),
      livemode: false,
    })
    const missing = await s.handle(get('/v1/payment_intents/pi_nope'), D1)
    expect(missing.status).toBe(404)
    expect(await errorOf(missing)).toMatchObject({ type: 'invalid_request_error', code: 'resource_missing' })
  })

  it.each(['', '&confirm=false'])(
    'without confirm=true (%s) the intent waits for a payment method: no charge in the ledger',
    async (extra) => {
      const s = service()
      const res = await s.handle(intent(`amount=4990&currency=eur${extra}`), D1)
      expect(res.status).toBe(200)
      const pi = await json<PaymentIntent>(res)
      expect(pi).toMatchObject({
        object: 'payment_intent',
        status: 'requires_payment_method',
        amount: 4990,
        amount_received: 0,
      })
      expect(s.ledger.entries).toEqual([])
      const read = await s.handle(get(`/v1/payment_intents/${pi.id}`), D1)
      expect(await json<PaymentIntent>(read)).toEqual(pi)
    },
  )

  it('with confirm=true it is a charge: status succeeded and one charge in the ledger', async () => {
    const s = service()
    const pi = await json<PaymentIntent>(await s.handle(intent('amount=4990&currency=eur&confirm=true'), D1))
    expect(pi).toMatchObject({ status: 'succeeded', amount_received: 4990 })
    expect(s.ledger.entries.map((e) => [e.type, e.id, e.amount, e.attempt])).toEqual([['charge', pi.id, 4990, 1]])
    // a replay under the same key charges nothing more
    const again = await s.handle(intent('amount=4990&currency=eur&confirm=true'), D2)
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    expect(await json<PaymentIntent>(again)).toEqual(pi)
    expect(s.ledger.entries).toHaveLength(1)
  })

  // Regression: only a charged intent can be refunded.
  it('an intent that was never charged cannot be refunded', async () => {
    const s = service()
    const pi = await json<PaymentIntent>(await s.handle(intent('amount=4990&currency=eur'), D1))
    const res = await s.handle(refund(`payment_intent=${pi.id}&amount=100`, 'rk'), D1)
    expect(res.status).toBe(400)
    expect(s.ledger.entries.filter((e) => e.type === 'refund')).toEqual([])
  })
})

describe('refund parameters', () => {
  it.each(['because', 'REQUESTED_BY_CUSTOMER', 'expired_uncaptured_charge'])(
    'reason=%s → 400 param reason, no effect, not stored',
    async (reason) => {
      const s = service()
      const res = await s.handle(refund(`payment_intent=pi_1&amount=100&reason=${reason}`), D1)
      expect(res.status).toBe(400)
      expect(await errorOf(res)).toMatchObject({ type: 'invalid_request_error', param: 'reason' })
      expect(s.ledger.entries).toHaveLength(0)
      expect(s.keys.size).toBe(0)
    },
  )

  it.each(['duplicate', 'fraudulent', 'requested_by_customer'])('reason=%s is accepted and echoed', async (reason) => {
    const s = service()
    const res = await s.handle(refund(`payment_intent=pi_1&amount=100&reason=${reason}`), D1)
    expect(res.status).toBe(200)
    expect((await json<Refund>(res)).reason).toBe(reason)
    expect(s.ledger.entries).toHaveLength(1)
  })

  it('a refund cannot exceed what is left: the second of two that together exceed → 400 amount_too_large, not stored', async () => {
    const s = service()
    await refundIdOf(await s.handle(refund('payment_intent=pi_2&amount=3000', 'a'), D1))
    const over = await s.handle(refund('payment_intent=pi_2&amount=2500', 'b'), D2)
    expect(over.status).toBe(400)
    const err = await errorOf(over)
    expect(err).toMatchObject({ type: 'invalid_request_error', code: 'amount_too_large', param: 'amount' })
    expect(err.message).toContain('USD 20.00')
    expect(s.ledger.entries.map((e) => e.amount)).toEqual([3000])
    // not stored: the same key with a corrected amount
    // is a fresh request
    const fixed = await s.handle(refund('payment_intent=pi_2&amount=2000', 'b'), D2)
    expect(fixed.status).toBe(200)
    expect(fixed.headers.get('idempotent-replayed')).toBeNull()
    expect(s.ledger.entries.map((e) => e.amount)).toEqual([3000, 2000])
    // nothing is left now
    const none = await s.handle(refund('payment_intent=pi_2&amount=1', 'c'), D2)
    expect(none.status).toBe(400)
    expect((await errorOf(none)).code).toBe('amount_too_large')
  })
})

describe("Stripe's Idempotency-Key contract", () => {
  it("Stripe-Should-Retry: absent on 409 idempotency_key_in_use (undocumented; stripe-node retries a 409 anyway), 'false' on 400 idempotency_error", async () => {
    const g = manualPause()
    const s = service({ pause: g.pause })
    const first = s.handle(refund('payment_intent=pi_1&amount=100'), D1)
    await g.reached(1)

    const busy = await s.handle(refund('payment_intent=pi_1&amount=100'), D2)
    expect(busy.status).toBe(409)
    expect(busy.headers.get('stripe-should-retry')).toBeNull()
    expect(busy.headers.get('idempotency-key')).toBe('k1')
    expect(await errorOf(busy)).toMatchObject({ type: 'invalid_request_error', code: 'idempotency_key_in_use' })

    const mismatchInFlight = await s.handle(refund('payment_intent=pi_1&amount=200'), D2)
    expect(mismatchInFlight.status).toBe(400)
    expect(mismatchInFlight.headers.get('stripe-should-retry')).toBe('false')

    g.waiting[0]!()
    expect((await first).status).toBe(200)
    const mismatch = await s.handle(refund('payment_intent=pi_1&amount=200'), D2)
    expect(mismatch.status).toBe(400)
    expect(mismatch.headers.get('stripe-should-retry')).toBe('false')
    expect((await errorOf(mismatch)).type).toBe('idempotency_error')
    expect(s.ledger.entries).toHaveLength(1)
  })

  it('accepts a 255-character key and rejects a 256-character one with 400 param Idempotency-Key', async () => {
    const s = service()
    expect((await s.handle(refund('payment_intent=pi_1&amount=100', 'k'.repeat(255)), D1)).status).toBe(200)
    const long = await s.handle(refund('payment_intent=pi_1&amount=100', 'k'.repeat(256)), D1)
    expect(long.status).toBe(400)
    expect(await errorOf(long)).toMatchObject({ type: 'invalid_request_error', param: 'Idempotency-Key' })
    expect(s.ledger.entries).toHaveLength(1)
  })

  it("a replay carries 'idempotent-replayed: true' and its own request-id", async () => {
    const s = service()
    const first = await s.handle(refund('payment_intent=pi_1&amount=100'), D1)
    const again = await s.handle(refund('payment_intent=pi_1&amount=100'), D2)
    expect(first.headers.get('idempotent-replayed')).toBeNull()
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    const ids = [first.headers.get('request-id'), again.headers.get('request-id')]
    for (const id of ids) expect(id).toMatch(/^req_/)
    expect(ids[0]).not.toBe(ids[1])
    expect(await json<Refund>(again)).toEqual(await json<Refund>(first))
  })

  it('every response, errors and reads included, carries a request-id', async () => {
    const s = service()
    const responses = [
      await s.handle(get('/v1/refunds'), D1),
      await s.handle(get('/v1/refunds/re_nope'), D1),
      await s.handle(refund('amount=1'), D1),
      await s.handle(get('/v1/nothing'), D1),
    ]
    const ids = responses.map((r) => r.headers.get('request-id'))
    for (const id of ids) expect(id).toMatch(/^req_/)
    expect(new Set(ids).size).toBe(ids.length)
  })

  it('a 500 (internalError) is stored under the key: the retry replays the 500 and nothing is refunded', async () => {
    const s = service()
    const failed = await s.handle(refund('payment_intent=pi_1&amount=100'), { ...D1, internalError: true })
    expect(failed.status).toBe(500)
    expect(await errorOf(failed)).toMatchObject({ type: 'api_error' })
    expect(s.ledger.entries).toHaveLength(0)
    expect(s.keys.size).toBe(1)

    const retry = await s.handle(refund('payment_intent=pi_1&amount=100'), D2)
    expect(retry.status).toBe(500)
    expect(retry.headers.get('idempotent-replayed')).toBe('true')
    expect((await errorOf(retry)).type).toBe('api_error')
    expect(s.ledger.entries).toHaveLength(0)

    // a new key goes through
    expect((await s.handle(refund('payment_intent=pi_1&amount=100', 'k2'), D2)).status).toBe(200)
    expect(s.ledger.entries).toHaveLength(1)
  })

  it('a 500 without a key stores nothing', async () => {
    const s = service()
    const failed = await s.handle(refund('payment_intent=pi_1&amount=100', null), { ...D1, internalError: true })
    expect(failed.status).toBe(500)
    expect(s.keys.size).toBe(0)
    expect(s.ledger.entries).toHaveLength(0)
  })

  it('a request that failed validation is not stored: the retry with the same key runs', async () => {
    const s = service()
    const bad = await s.handle(refund('payment_intent=pi_1&amount=0'), D1)
    expect(bad.status).toBe(400)
    expect(s.keys.size).toBe(0)
    // even with other parameters under the same key:
    // no mismatch, a fresh request
    const good = await s.handle(refund('payment_intent=pi_1&amount=100'), D2)
    expect(good.status).toBe(200)
    expect(good.headers.get('idempotent-replayed')).toBeNull()
    expect(s.ledger.entries.map((e) => e.attempt)).toEqual([2])
  })

  it('forgets a key after 24 h of injected time: the same key then refunds again', async () => {
    const c = clock()
    const s = service({}, c.fn)
    const first = await refundIdOf(await s.handle(refund('payment_intent=pi_1&amount=100'), D1))
    c.now += DAY_MS - 1
    const replay = await s.handle(refund('payment_intent=pi_1&amount=100'), D2)
    expect(replay.headers.get('idempotent-replayed')).toBe('true')
    expect((await json<Refund>(replay)).id).toBe(first)
    expect(s.ledger.entries).toHaveLength(1)
    c.now += 1
    const fresh = await s.handle(refund('payment_intent=pi_1&amount=100'), D2)
    expect(fresh.headers.get('idempotent-replayed')).toBeNull()
    expect(await refundIdOf(fresh)).not.toBe(first)
    expect(s.ledger.entries).toHaveLength(2)
  })
})

describe('restarts', () => {
  it("'durable' keeps a completed key across a restart: the retry replays, no second refund", async () => {
    const s = service({ keyStore: 'durable' })
    const first = await refundIdOf(await s.handle(refund('payment_intent=pi_1&amount=100'), D1))
    s.restart()
    const retry = await s.handle(refund('payment_intent=pi_1&amount=100'), D2)
    expect(retry.headers.get('idempotent-replayed')).toBe('true')
    expect(await refundIdOf(retry)).toBe(first)
    expect(s.ledger.entries).toHaveLength(1)
  })

  it("'durable' drops the reservation of a request in flight: the retry after the restart is not answered 409", async () => {
    const g = manualPause()
    const s = service({ keyStore: 'durable', pause: g.pause })
    void s.handle(refund('payment_intent=pi_1&amount=100'), D1) // dies with the restart
    await g.reached(1)
    // before the restart the key is busy
    expect((await s.handle(refund('payment_intent=pi_1&amount=100'), D2)).status).toBe(409)
    s.restart()
    g.hold = false
    const retry = await s.handle(refund('payment_intent=pi_1&amount=100'), D2)
    expect(retry.status).toBe(200)
    expect(retry.headers.get('idempotent-replayed')).toBeNull()
    expect(s.ledger.entries.map((e) => e.attempt)).toEqual([2])
  })

  // Regression: a restart kills the request in
  // flight; it must not commit afterwards.
  it('a request in flight across a restart does not commit its effect afterwards', async () => {
    const g = manualPause()
    const s = service({ keyStore: 'durable', pause: g.pause })
    const zombie = s.handle(refund('payment_intent=pi_1&amount=100'), D1)
    await g.reached(1)
    s.restart()
    g.hold = false
    const retryId = await refundIdOf(await s.handle(refund('payment_intent=pi_1&amount=100'), D2))
    g.waiting[0]!()
    await zombie.catch(() => undefined)
    expect(s.ledger.entries.map((e) => e.attempt)).toEqual([2])
    const replay = await s.handle(refund('payment_intent=pi_1&amount=100'), D2)
    expect((await json<Refund>(replay)).id).toBe(retryId)
  })

  it("'volatile' loses completed keys: the same key after a restart is a second refund", async () => {
    const s = service({ keyStore: 'volatile' })
    const first = await refundIdOf(await s.handle(refund('payment_intent=pi_1&amount=100'), D1))
    s.restart()
    expect(s.keys.size).toBe(0)
    const again = await s.handle(refund('payment_intent=pi_1&amount=100'), D2)
    expect(again.headers.get('idempotent-replayed')).toBeNull()
    expect(await refundIdOf(again)).not.toBe(first)
    expect(s.ledger.entries.map((e) => e.type)).toEqual(['refund', 'refund'])
  })

  it('a restart keeps the refunds themselves (only keys are at stake)', async () => {
    const s = service({ keyStore: 'volatile' })
    const id = await refundIdOf(await s.handle(refund('payment_intent=pi_1&amount=9000'), D1))
    s.restart()
    expect((await s.handle(get(`/v1/refunds/${id}`), D1)).status).toBe(200)
    const over = await s.handle(refund('payment_intent=pi_1&amount=2000', 'k2'), D2)
    expect((await errorOf(over)).code).toBe('amount_too_large')
  })
})

describe('visibility lag', () => {
  it('list and GET by id miss a fresh refund until visibilityLagMs has passed, while the amount check already counts it', async () => {
    const c = clock()
    const s = service({ visibilityLagMs: 5000 }, c.fn)
    const id = await refundIdOf(await s.handle(refund('payment_intent=pi_1&amount=6000'), D1))
    const listed = async () =>
      (await json<StripeListBody>(await s.handle(get('/v1/refunds?payment_intent=pi_1'), D1))).data.map((r) => r.id)

    expect(await listed()).toEqual([])
    const missing = await s.handle(get(`/v1/refunds/${id}`), D1)
    expect(missing.status).toBe(404)
    expect((await errorOf(missing)).code).toBe('resource_missing')

    // the business rule sees the truth: only 4000 left
    const over = await s.handle(refund('payment_intent=pi_1&amount=6000', 'k2'), D2)
    expect(over.status).toBe(400)
    expect((await errorOf(over)).code).toBe('amount_too_large')
    // and the key replays at once
    const replay = await s.handle(refund('payment_intent=pi_1&amount=6000'), D2)
    expect(replay.headers.get('idempotent-replayed')).toBe('true')
    expect(s.ledger.entries).toHaveLength(1)

    c.now += 4999
    expect(await listed()).toEqual([])
    expect((await s.handle(get(`/v1/refunds/${id}`), D1)).status).toBe(404)

    c.now += 1
    expect(await listed()).toEqual([id])
    const found = await s.handle(get(`/v1/refunds/${id}`), D1)
    expect(found.status).toBe(200)
    expect((await json<Refund>(found)).amount).toBe(6000)
  })

  it('an invisible refund cannot serve as a list cursor yet', async () => {
    const c = clock()
    const s = service({ visibilityLagMs: 5000 }, c.fn)
    const id = await refundIdOf(await s.handle(refund('payment_intent=pi_1&amount=100'), D1))
    const res = await s.handle(get(`/v1/refunds?payment_intent=pi_1&starting_after=${id}`), D1)
    expect(res.status).toBe(400)
    expect((await errorOf(res)).code).toBe('resource_missing')
    c.now += 5000
    expect((await s.handle(get(`/v1/refunds?payment_intent=pi_1&starting_after=${id}`), D1)).status).toBe(200)
  })

  it('a created payment intent is invisible to GET until the lag has passed; seeded ones are visible at once', async () => {
    const c = clock()
    const s = service({ visibilityLagMs: 5000 }, c.fn)
    expect((await s.handle(get('/v1/payment_intents/pi_1'), D1)).status).toBe(200)
    const pi = await json<PaymentIntent>(await s.handle(intent('amount=4990&currency=eur&confirm=true'), D1))
    expect((await s.handle(get(`/v1/payment_intents/${pi.id}`), D1)).status).toBe(404)
    c.now += 5000
    expect((await s.handle(get(`/v1/payment_intents/${pi.id}`), D1)).status).toBe(200)
  })
})
