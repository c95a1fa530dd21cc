import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { PaymentsService, type Refund } from '../../../mock-services/payments/payments.ts'
import type { Delivery } from '../../../mock-services/service.ts'

const BASE = 'https://payments.test'
const D1: Delivery = { attempt: 1, call: 'r/s1' }
const NOW = 1_700_000_000_000

function post(path: string, body: string, key: string | null = 'k1'): Request {
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' }
  if (key !== null) headers['idempotency-key'] = key
  return new Request(`${BASE}${path}`, { method: 'POST', headers, body })
}
const refund = (body: string, key: string | null = 'k1') => post('/v1/refunds', body, key)
const get = (path: string) => new Request(`${BASE}${path}`)

interface StripeErrorBody {
  error: { type: string; code?: string; param?: string; message: string }
}

function service(processingMs = 0, now: () => number = () => NOW): PaymentsService {
  const s = new PaymentsService(now, { processingMs })
  s.seedPaymentIntent('pi_1', 10_000, 'eur')
  s.seedPaymentIntent('pi_2', 5_000, 'usd')
  return s
}

describe('PaymentsService — refunds', () => {
  it('creates a refund: 200, a Stripe-shaped body and one ledger entry attributed to the delivery', async () => {
    const s = service()
    const res = await s.handle(
      refund('payment_intent=pi_1&amount=100&reason=requested_by_customer&metadata[order_id]=o1'),
      D1,
    )
    expect(res.status).toBe(200)
    expect(res.headers.get('idempotent-replayed')).toBeNull()
    expect(res.headers.get('idempotency-key')).toBe('k1')
    const body = (await res.json()) as Refund
    expect(body).toMatchObject({
      object: 'refund',
      amount: 100,
      currency: 'eur',
      payment_intent: 'pi_1',
      status: 'succeeded',
      reason: 'requested_by_customer',
      metadata: { order_id: 'o1' },
      created: Math.floor(NOW / 1000),
    })
    expect(body.id).toMatch(/^re_/)
    expect(s.ledger.entries).toEqual([
      {
        seq: 0,
        at: NOW,
        service: 'payments',
        type: 'refund',
        id: body.id,
        amount: 100,
        attempt: 1,
        call: 'r/s1',
        target: 'pi_1',
      },
    ])
  })

  it('refunds what remains when no amount is given', async () => {
    const s = service()
    await s.handle(refund('payment_intent=pi_1&amount=2500', 'a'), D1)
    const res = await s.handle(refund('payment_intent=pi_1', 'b'), D1)
    expect(res.status).toBe(200)
    expect(((await res.json()) as Refund).amount).toBe(7500)
  })

  it('replays the stored response for the same key and parameters, without a second effect', async () => {
    const s = service()
    const first = await s.handle(refund('payment_intent=pi_1&amount=100'), D1)
    const firstBody = await first.json()
    const again = await s.handle(refund('payment_intent=pi_1&amount=100'), { attempt: 2, call: 'r/s1' })
    expect(again.status).toBe(200)
    expect(again.headers.get('Idempotent-Replayed')).toBe('true')
    expect(await again.json()).toEqual(firstBody)
    expect(s.ledger.entries).toHaveLength(1)
    expect(s.ledger.entries[0]?.attempt).toBe(1)
  })

  it('replays regardless of the order of form fields', async () => {
    const s = service()
    await s.handle(refund('payment_intent=pi_1&amount=100'), D1)
    const again = await s.handle(refund('amount=100&payment_intent=pi_1'), D1)
    expect(again.status).toBe(200)
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    expect(s.ledger.entries).toHaveLength(1)
  })

  it('rejects the same key with other parameters: 400 idempotency_error, no effect', async () => {
    const s = service()
    await s.handle(refund('payment_intent=pi_1&amount=100'), D1)
    const res = await s.handle(refund('payment_intent=pi_1&amount=200'), D1)
    expect(res.status).toBe(400)
    const body = (await res.json()) as StripeErrorBody
    expect(body.error.type).toBe('idempotency_error')
    expect(body.error.message).toContain("'k1'")
    expect(s.ledger.entries).toHaveLength(1)
  })

  it('treats metadata as a parameter of the request (other metadata is a mismatch)', async () => {
    const s = service()
    await s.handle(refund('payment_intent=pi_1&amount=100&metadata[order_id]=o1'), D1)
    const res = await s.handle(refund('payment_intent=pi_1&amount=100&metadata[order_id]=o2'), D1)
    expect(res.status).toBe(400)
    expect(((await res.json()) as StripeErrorBody).error.type).toBe('idempotency_error')
  })

  it('without an Idempotency-Key every request is a new refund', async () => {
    const s = service()
    const a = await s.handle(refund('payment_intent=pi_1&amount=100', null), D1)
    const b = await s.handle(refund('payment_intent=pi_1&amount=100', null), { attempt: 2, call: 'r/s1' })
    expect([a.status, b.status]).toEqual([200, 200])
    expect(s.ledger.entries.map((e) => e.attempt)).toEqual([1, 2])
  })

  it('keeps keys per endpoint: one key on two paths is two operations', async () => {
    const s = service()
    const pi = await s.handle(post('/v1/payment_intents', 'amount=500&currency=eur&confirm=true', 'same'), D1)
    const re = await s.handle(refund('payment_intent=pi_1&amount=100', 'same'), D1)
    expect([pi.status, re.status]).toEqual([200, 200])
    expect(re.headers.get('idempotent-replayed')).toBeNull()
    expect(s.ledger.entries.map((e) => e.type)).toEqual(['charge', 'refund'])
  })

  describe('while the first request is in flight', () => {
    beforeEach(() => {
      vi.useFakeTimers()
    })
    afterEach(() => {
      vi.useRealTimers()
    })

    it('answers a concurrent duplicate with 409 idempotency_key_in_use, then replays once done', async () => {
      const s = service(5)
      const first = s.handle(refund('payment_intent=pi_1&amount=100'), D1)
      const second = s.handle(refund('payment_intent=pi_1&amount=100'), { attempt: 2, call: 'r/s1' })
      const dup = await second
      expect(dup.status).toBe(409)
      const err = (await dup.json()) as StripeErrorBody
      expect(err.error.code).toBe('idempotency_key_in_use')
      expect(err.error.type).toBe('invalid_request_error')
      expect(s.ledger.entries).toHaveLength(0) // the first has not committed yet

      await vi.advanceTimersByTimeAsync(5)
      const res = await first
      expect(res.status).toBe(200)
      expect(s.ledger.entries).toHaveLength(1)

      const third = await s.handle(refund('payment_intent=pi_1&amount=100'), { attempt: 3, call: 'r/s1' })
      expect(third.status).toBe(200)
      expect(third.headers.get('idempotent-replayed')).toBe('true')
      expect(s.ledger.entries).toHaveLength(1)
    })

    it('checks the remaining amount after processing, so two concurrent refunds cannot both pass', async () => {
      const s = service(5)
      const a = s.handle(refund('payment_intent=pi_1&amount=6000', 'a'), D1)
      const b = s.handle(refund('payment_intent=pi_1&amount=6000', 'b'), { attempt: 2, call: 'r/s2' })
      await vi.advanceTimersByTimeAsync(5)
      const statuses = [(await a).status, (await b).status]
      expect(statuses).toEqual([200, 400])
      expect(s.ledger.entries).toHaveLength(1)
    })
  })

  describe('validation errors are not stored under the key', () => {
    it('unknown payment intent → 404 resource_missing; the corrected retry with the same key succeeds', async () => {
      const s = service()
      const bad = await s.handle(refund('payment_intent=pi_nope&amount=100'), D1)
      expect(bad.status).toBe(404)
      const err = (await bad.json()) as StripeErrorBody
      expect(err.error).toMatchObject({
        type: 'invalid_request_error',
        code: 'resource_missing',
        param: 'payment_intent',
      })
      expect(s.ledger.entries).toHaveLength(0)
      expect(s.keys.size).toBe(0)

      const good = await s.handle(refund('payment_intent=pi_1&amount=100'), { attempt: 2, call: 'r/s1' })
      expect(good.status).toBe(200)
      expect(good.headers.get('idempotent-replayed')).toBeNull()
      expect(s.ledger.entries).toHaveLength(1)
    })

    it('amount larger than remaining → 400 amount_too_large; the corrected retry with the same key succeeds', async () => {
      const s = service()
      const bad = await s.handle(refund('payment_intent=pi_1&amount=10001'), D1)
      expect(bad.status).toBe(400)
      expect(((await bad.json()) as StripeErrorBody).error).toMatchObject({ code: 'amount_too_large', param: 'amount' })
      expect(s.ledger.entries).toHaveLength(0)

      const good = await s.handle(refund('payment_intent=pi_1&amount=10000'), D1)
      expect(good.status).toBe(200)
      expect(s.ledger.entries).toHaveLength(1)
    })

    it('counts earlier refunds against the remaining amount', async () => {
      const s = service()
      expect((await s.handle(refund('payment_intent=pi_2&amount=3000', 'a'), D1)).status).toBe(200)
      const over = await s.handle(refund('payment_intent=pi_2&amount=2001', 'b'), D1)
      expect(over.status).toBe(400)
      expect(((await over.json()) as StripeErrorBody).error.code).toBe('amount_too_large')
      expect((await s.handle(refund('payment_intent=pi_2&amount=2000', 'b'), D1)).status).toBe(200)
    })

    it('missing payment_intent → 400 parameter_missing', async () => {
      const s = service()
      const res = await s.handle(refund('amount=100'), D1)
      expect(res.status).toBe(400)
      expect(((await res.json()) as StripeErrorBody).error).toMatchObject({
        code: 'parameter_missing',
        param: 'payment_intent',
      })
    })

    it.each(['0', '-5', '1.5', 'abc'])('amount=%s → 400 parameter_invalid_integer', async (amount) => {
      const s = service()
      const res = await s.handle(refund(`payment_intent=pi_1&amount=${amount}`), D1)
      expect(res.status).toBe(400)
      expect(((await res.json()) as StripeErrorBody).error).toMatchObject({
        code: 'parameter_invalid_integer',
        param: 'amount',
      })
      expect(s.ledger.entries).toHaveLength(0)
    })
  })

  describe('Idempotency-Key length', () => {
    it('rejects a key longer than 255 characters with 400 and no effect', async () => {
      const s = service()
      const res = await s.handle(refund('payment_intent=pi_1&amount=100', 'k'.repeat(256)), D1)
      expect(res.status).toBe(400)
      expect(((await res.json()) as StripeErrorBody).error).toMatchObject({
        type: 'invalid_request_error',
        param: 'Idempotency-Key',
      })
      expect(s.ledger.entries).toHaveLength(0)
    })

    it('accepts a key of exactly 255 characters', async () => {
      const s = service()
      const res = await s.handle(refund('payment_intent=pi_1&amount=100', 'k'.repeat(255)), D1)
      expect(res.status).toBe(200)
    })

    it('rejects an empty key', async () => {
      const s = service()
      const res = await s.handle(refund('payment_intent=pi_1&amount=100', ''), D1)
      expect(res.status).toBe(400)
      expect(s.ledger.entries).toHaveLength(0)
    })
  })

  describe('reads', () => {
    it('lists refunds of a payment intent, newest first, in Stripe list shape', async () => {
      const s = service()
      const ids: string[] = []
      for (const [key, body] of [
        ['a', 'payment_intent=pi_1&amount=100'],
        ['b', 'payment_intent=pi_2&amount=200'],
        ['c', 'payment_intent=pi_1&amount=300'],
      ] as const) {
        ids.push(((await (await s.handle(refund(body, key), D1)).json()) as Refund).id)
      }
      const res = await s.handle(get('/v1/refunds?payment_intent=pi_1'), { attempt: 9, call: null })
      expect(res.status).toBe(200)
      const list = (await res.json()) as { object: string; url: string; has_more: boolean; data: Refund[] }
      expect(list.object).toBe('list')
      expect(list.url).toBe('/v1/refunds')
      expect(list.has_more).toBe(false)
      expect(list.data.map((r) => r.id)).toEqual([ids[2], ids[0]])
      expect(list.data.map((r) => r.amount)).toEqual([300, 100])

      const all = (await (await s.handle(get('/v1/refunds'), D1)).json()) as { data: Refund[] }
      expect(all.data.map((r) => r.id)).toEqual([ids[2], ids[1], ids[0]])

      const none = (await (await s.handle(get('/v1/refunds?payment_intent=pi_other'), D1)).json()) as { data: Refund[] }
      expect(none.data).toEqual([])
    })

    it('reads do not change the ledger', async () => {
      const s = service()
      await s.handle(refund('payment_intent=pi_1&amount=100'), D1)
      await s.handle(get('/v1/refunds'), D1)
      expect(s.ledger.entries).toHaveLength(1)
    })

    it('GET /v1/refunds/:id returns the refund, or 404 resource_missing', async () => {
      const s = service()
      const created = (await (await s.handle(refund('payment_intent=pi_1&amount=100'), D1)).json()) as Refund
      const res = await s.handle(get(`/v1/refunds/${created.id}`), D1)
      expect(res.status).toBe(200)
      expect(await res.json()).toEqual(created)

      const missing = await s.handle(get('/v1/refunds/re_nope'), D1)
      expect(missing.status).toBe(404)
      expect(((await missing.json()) as StripeErrorBody).error.code).toBe('resource_missing')
    })

    it('answers an unknown route with 404', async () => {
      const s = service()
      const res = await s.handle(get('/v1/charges'), D1)
      expect(res.status).toBe(404)
      expect(((await res.json()) as StripeErrorBody).error.type).toBe('invalid_request_error')
    })
  })

  it('isMutation: POST changes the world, GET does not', () => {
    const s = service()
    expect(s.isMutation(refund('payment_intent=pi_1'))).toBe(true)
    expect(s.isMutation(get('/v1/refunds'))).toBe(false)
  })
})

describe('PaymentsService — payment intents', () => {
  it('creates a charge with a lower-cased currency and records it in the ledger', async () => {
    const s = service()
    const res = await s.handle(
      post('/v1/payment_intents', 'amount=4990&currency=EUR&confirm=true&metadata[order_id]=o9', 'pk'),
      D1,
    )
    expect(res.status).toBe(200)
    const pi = (await res.json()) as { id: string; amount: number; currency: string; metadata: Record<string, string> }
    expect(pi).toMatchObject({ amount: 4990, currency: 'eur', metadata: { order_id: 'o9' } })
    expect(s.ledger.entries.map((e) => [e.type, e.id, e.amount])).toEqual([['charge', pi.id, 4990]])
    // the new intent can be refunded
    const r = await s.handle(refund(`payment_intent=${pi.id}&amount=4990`, 'rk'), D1)
    expect(r.status).toBe(200)
  })

  it('rejects a missing currency with 400 parameter_missing', async () => {
    const s = service()
    const res = await s.handle(post('/v1/payment_intents', 'amount=4990', 'pk'), D1)
    expect(res.status).toBe(400)
    expect(((await res.json()) as StripeErrorBody).error).toMatchObject({
      code: 'parameter_missing',
      param: 'currency',
    })
    expect(s.ledger.entries).toHaveLength(0)
  })

  // Regression: the stored body is a snapshot, not
  // the live PaymentIntent.
  it('replays the first response of a payment intent creation, not its current state', async () => {
    const s = service()
    const first = (await (
      await s.handle(post('/v1/payment_intents', 'amount=4990&currency=eur&confirm=true', 'pk'), D1)
    ).json()) as { id: string }
    await s.handle(refund(`payment_intent=${first.id}&amount=1000`, 'rk'), D1)
    const replay = await s.handle(post('/v1/payment_intents', 'amount=4990&currency=eur&confirm=true', 'pk'), D1)
    expect(replay.headers.get('idempotent-replayed')).toBe('true')
    expect(await replay.json()).toEqual(first)
  })
})
