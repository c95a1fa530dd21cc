// Each PayPal fact the mock relies on (docs/
// vendors.md P1…), pinned: one test per numbered
// fact, against the service as a run builds it,
// and the SDK (@paypal/paypal-server-sdk 2.5.0)
// where the fact is the SDK's.
import { Client, Environment, PaymentsController } from '@paypal/paypal-server-sdk'
import { describe, expect, it } from 'vitest'
import { mountServices } from '../../harness/sim/mount.ts'
import {
  MAX_REQUEST_ID_LENGTH,
  ORDERS_KEY_RETENTION_MS,
  PAYMENTS_KEY_RETENTION_MS,
  PaypalService,
} from '../../mock-services/paypal/paypal.ts'
import { PAYPAL_VENDOR } from '../../mock-services/paypal/vendor.ts'
import { SEARCH_LAG_MS } from '../../mock-services/paypal/search.ts'
import type { Delivery } from '../../mock-services/service.ts'

const D: Delivery = { attempt: 1, call: 'r/s1' }
const BASE = 'https://api-m.sandbox.paypal.com'

function world(settings: Partial<ConstructorParameters<typeof PaypalService>[1]> = {}) {
  let now = 1_800_000_000_000
  const svc = new PaypalService(() => now, { processingMs: 0, ...settings })
  svc.seedPaymentIntent('pi_1', 10_000, 'eur')
  let bearer = ''
  const auth = async () => {
    if (bearer) return bearer
    const res = await svc.handle(
      new Request(`${BASE}/v1/oauth2/token`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from('id:secret').toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: 'grant_type=client_credentials',
      }),
      D,
    )
    bearer = ((await res.json()) as { access_token: string }).access_token
    return bearer
  }
  const post = async (path: string, body: unknown, key: string | null, extra: Record<string, string> = {}, d = D) =>
    svc.handle(
      new Request(`${BASE}${path}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${await auth()}`,
          'content-type': 'application/json',
          ...(key !== null ? { 'paypal-request-id': key } : {}),
          ...extra,
        },
        body: JSON.stringify(body),
      }),
      d,
    )
  const get = async (path: string) =>
    svc.handle(new Request(`${BASE}${path}`, { headers: { authorization: `Bearer ${await auth()}` } }), D)
  const refund = (value = '10.00', key: string | null = 'k1', extra: Record<string, string> = {}, d = D) =>
    post(
      '/v2/payments/captures/pi_1/refund',
      { amount: { value, currency_code: 'EUR' }, custom_id: key ?? 'x' },
      key,
      extra,
      d,
    )
  const charge = (key: string | null = 'c1', extra: Record<string, string> = {}) =>
    post(
      '/v2/checkout/orders',
      {
        intent: 'CAPTURE',
        purchase_units: [{ custom_id: key ?? 'x', amount: { currency_code: 'EUR', value: '49.90' } }],
        payment_source: { card: { number: '4111111111111111', expiry: '2030-12' } },
      },
      key,
      extra,
    )
  return { svc, post, get, refund, charge, auth, advance: (ms: number) => (now += ms) }
}

const refunds = (svc: PaypalService) => svc.ledger.entries.filter((e) => e.type === 'refund')

describe('PayPal facts (docs/vendors.md)', () => {
  it('P1: the key is PayPal-Request-Id; without one PayPal duplicates the request', async () => {
    const w = world()
    await w.refund('10.00', null)
    await w.refund('10.00', null)
    expect(refunds(w.svc)).toHaveLength(2)
    await w.refund('10.00', 'k')
    await w.refund('10.00', 'k')
    expect(refunds(w.svc)).toHaveLength(3)
  })

  it('P2: an OAuth token first (Basic, client_credentials), a read; /v2 without it is a 401', async () => {
    const w = world()
    const token = new Request(`${BASE}/v1/oauth2/token`, { method: 'POST', body: 'grant_type=client_credentials' })
    expect(w.svc.isMutation(token)).toBe(false)
    expect((await w.svc.handle(token, D)).status).toBe(401)
    const bare = await w.svc.handle(new Request(`${BASE}/v2/payments/captures/pi_1`), D)
    expect(bare.status).toBe(401)
    expect(await bare.json()).toMatchObject({ name: 'AUTHENTICATION_FAILURE' })
    expect((await w.get('/v2/payments/captures/pi_1')).status).toBe(200)
    // Tokens last expires_in (9 h).
    w.advance(9 * 60 * 60 * 1000)
    expect((await w.get('/v2/payments/captures/pi_1')).status).toBe(401)
  })

  it('P3: a replay answers the latest status of what the first made, same status, no marker', async () => {
    const w = world()
    const first = await w.charge('c1', { prefer: 'return=representation' })
    expect(first.status).toBe(201)
    const order = (await first.json()) as { id: string; purchase_units: { payments: { captures: { id: string }[] } }[] }
    const capture = order.purchase_units[0]!.payments.captures[0]!.id
    await w.post(`/v2/payments/captures/${capture}/refund`, {}, 'r1')
    const again = await w.charge('c1', { prefer: 'return=representation' })
    expect(again.status).toBe(201)
    expect([...again.headers.keys()].some((h) => h.includes('replay'))).toBe(false)
    const latest = (await again.json()) as typeof order & {
      purchase_units: { payments: { captures: { status: string }[]; refunds?: unknown[] } }[]
    }
    expect(latest.id).toBe(order.id)
    // Not the first answer: the capture is now refunded.
    expect(latest.purchase_units[0]!.payments.captures[0]!.status).toBe('REFUNDED')
    expect(latest.purchase_units[0]!.payments.refunds).toHaveLength(1)
    expect(w.svc.ledger.entries.filter((e) => e.type === 'charge')).toHaveLength(1)
  })

  it('P4: Orders keep an id 6 h, Payments 45 days; after that the id is new', async () => {
    expect(ORDERS_KEY_RETENTION_MS).toBe(6 * 60 * 60 * 1000)
    expect(PAYMENTS_KEY_RETENTION_MS).toBe(45 * 24 * 60 * 60 * 1000)
    const w = world()
    await w.charge('c1')
    w.advance(6 * 60 * 60 * 1000 - 1)
    await w.charge('c1')
    expect(w.svc.ledger.entries.filter((e) => e.type === 'charge')).toHaveLength(1)
    w.advance(1)
    await w.charge('c1')
    expect(w.svc.ledger.entries.filter((e) => e.type === 'charge')).toHaveLength(2)
    await w.refund('1.00', 'r1')
    w.advance(44 * 24 * 60 * 60 * 1000)
    await w.refund('1.00', 'r1')
    expect(refunds(w.svc)).toHaveLength(1)
  })

  it("P5: other parameters under a used id: no comparison, the first request's resource", async () => {
    const w = world()
    const a = (await (await w.refund('10.00', 'k')).json()) as { id: string }
    const b = await w.refund('20.00', 'k')
    expect(b.status).toBe(201)
    expect(((await b.json()) as { id: string }).id).toBe(a.id)
    expect(refunds(w.svc).map((e) => e.amount)).toEqual([1_000])
  })

  it('P6: a 500 is not kept under the id: a retry with it does the work, once', async () => {
    const w = world()
    const failed = await w.refund('10.00', 'k', {}, { ...D, internalError: true })
    expect(failed.status).toBe(500)
    expect(await failed.json()).toMatchObject({ name: 'INTERNAL_SERVER_ERROR', debug_id: expect.any(String) })
    expect(refunds(w.svc)).toEqual([])
    expect((await w.refund('10.00', 'k')).status).toBe(201)
    expect((await w.refund('10.00', 'k')).status).toBe(201)
    expect(refunds(w.svc)).toHaveLength(1)
  })

  it('P7: the same id while the first is in flight: 409 RESOURCE_CONFLICT, PREVIOUS_REQUEST_IN_PROGRESS', async () => {
    let release: () => void = () => {}
    const w = world({ pause: () => new Promise<void>((r) => (release = r)) })
    await w.auth()
    const first = w.refund('10.00', 'k')
    await new Promise((r) => setTimeout(r, 5))
    const second = await w.refund('10.00', 'k')
    expect(second.status).toBe(409)
    expect(await second.json()).toMatchObject({
      name: 'RESOURCE_CONFLICT',
      details: [{ issue: 'PREVIOUS_REQUEST_IN_PROGRESS' }],
    })
    release()
    expect((await first).status).toBe(201)
    expect(refunds(w.svc)).toHaveLength(1)
    expect(w.svc.errorResponse('key-in-use').status).toBe(409)
  })

  it('P8: errors are { name, message, debug_id, details, links } with PayPal-Debug-Id', async () => {
    const w = world()
    const res = await w.refund('100.01', 'big')
    expect(res.status).toBe(422)
    const body = (await res.json()) as { debug_id: string }
    expect(body).toMatchObject({
      name: 'UNPROCESSABLE_ENTITY',
      message: expect.any(String),
      details: [{ issue: 'REFUND_AMOUNT_EXCEEDED', description: expect.any(String) }],
      links: [expect.objectContaining({ rel: 'information_link' })],
    })
    expect(res.headers.get('paypal-debug-id')).toBe(body.debug_id)
    for (const [kind, status, name] of [
      ['rate-limited', 429, 'RATE_LIMIT_REACHED'],
      ['unavailable', 503, 'SERVICE_UNAVAILABLE'],
      ['validation', 400, 'INVALID_REQUEST'],
      ['key-in-use', 409, 'RESOURCE_CONFLICT'],
    ] as const) {
      const r = w.svc.errorResponse(kind)
      expect(r.status).toBe(status)
      expect(await r.json()).toMatchObject({ name, debug_id: expect.any(String) })
    }
    expect(await (await w.get('/v2/payments/captures/nope')).json()).toMatchObject({
      name: 'RESOURCE_NOT_FOUND',
      details: [{ issue: 'INVALID_RESOURCE_ID' }],
    })
    await w.refund('100.00', 'all')
    expect(await (await w.refund('1.00', 'more')).json()).toMatchObject({
      details: [{ issue: 'CAPTURE_FULLY_REFUNDED' }],
    })
  })

  it("P9: money is { currency_code, value } in the currency's precision", async () => {
    const w = world()
    const res = await w.refund('10.001', 'k')
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ name: 'INVALID_REQUEST', details: [{ issue: 'DECIMAL_PRECISION' }] })
    expect(refunds(w.svc)).toEqual([])
  })

  it('P10: Prefer defaults to return=minimal: id, status and links only', async () => {
    const w = world()
    const min = (await (await w.charge('c1')).json()) as Record<string, unknown>
    expect(Object.keys(min).sort()).toEqual(['id', 'links', 'status'])
    const full = (await (await w.charge('c2', { prefer: 'return=representation' })).json()) as Record<string, unknown>
    expect(full.purchase_units).toBeDefined()
  })

  it('P11: a 429 carries no Retry-After', () => {
    const w = world()
    expect(w.svc.errorResponse('rate-limited').headers.get('retry-after')).toBeNull()
  })

  it('P12: Transaction Search finds a payment by custom_field only 3 h after', async () => {
    expect(SEARCH_LAG_MS).toBe(3 * 60 * 60 * 1000)
    const w = world()
    await w.charge('c1')
    const search = async () => {
      const end = new Date(1_800_000_000_000 + 4 * 60 * 60 * 1000).toISOString()
      const start = new Date(1_800_000_000_000 - 60_000).toISOString()
      const res = await w.get(`/v1/reporting/transactions?start_date=${start}&end_date=${end}`)
      const b = (await res.json()) as { transaction_details: { transaction_info: { custom_field?: string } }[] }
      return b.transaction_details.map((t) => t.transaction_info.custom_field).filter(Boolean)
    }
    expect(await search()).toEqual([])
    w.advance(SEARCH_LAG_MS)
    expect(await search()).toEqual(['c1'])
    expect((await w.get('/v1/reporting/transactions')).status).toBe(400)
  })

  it('P13: a card order is captured in the create call; it needs a PayPal-Request-Id', async () => {
    const w = world()
    const without = await w.charge(null)
    expect(without.status).toBe(400)
    expect(await without.json()).toMatchObject({ details: [{ issue: 'PAYPAL_REQUEST_ID_REQUIRED' }] })
    const made = await w.charge('c1', { prefer: 'return=representation' })
    expect(await made.json()).toMatchObject({ status: 'COMPLETED' })
    expect(w.svc.ledger.entries).toEqual([expect.objectContaining({ type: 'charge', amount: 4990 })])
    // Without a card: CREATED, captured later.
    const created = (await (
      await w.post(
        '/v2/checkout/orders',
        { intent: 'CAPTURE', purchase_units: [{ amount: { currency_code: 'EUR', value: '5.00' } }] },
        'o2',
      )
    ).json()) as { id: string; status: string }
    expect(created.status).toBe('CREATED')
    expect((await w.post(`/v2/checkout/orders/${created.id}/capture`, {}, 'cap2')).status).toBe(201)
    const twice = await w.post(`/v2/checkout/orders/${created.id}/capture`, {}, 'cap3')
    expect(await twice.json()).toMatchObject({ details: [{ issue: 'ORDER_ALREADY_CAPTURED' }] })
    expect(w.svc.ledger.entries.filter((e) => e.type === 'charge')).toHaveLength(2)
  })

  it('P14: the SDK defaults: Sandbox host, no retries, no timeout, no PayPal-Request-Id of its own', async () => {
    expect(PAYPAL_VENDOR.hosts).toEqual(['api-m.sandbox.paypal.com', 'api-m.paypal.com'])
    expect(PAYPAL_VENDOR.matches('api-m.sandbox.paypal.com')).toBe(true)
    expect(PAYPAL_VENDOR.matches('api.paypal.com')).toBe(false)
    const client = new Client({ clientCredentialsAuthCredentials: { oAuthClientId: 'i', oAuthClientSecret: 's' } })
    // src/client.ts keeps both (DEFAULT_CONFIGURATION,
    // DEFAULT_RETRY_CONFIG merged with none given).
    const inside = client as unknown as { _config: object; _timeout: number; _retryConfig: object }
    expect(inside._config).toMatchObject({ environment: Environment.Sandbox })
    expect(inside._timeout).toBe(0)
    expect(inside._retryConfig).toMatchObject({
      maxNumberOfRetries: 0,
      maximumRetryWaitTime: 0,
      httpMethodsToRetry: ['GET', 'PUT'],
    })
    // A refund without paypalRequestId goes without.
    const svc = new PaypalService(Date.now, { processingMs: 0 })
    svc.seedPaymentIntent('pi_1', 10_000, 'eur')
    const ids: (string | null)[] = []
    const handle = svc.handle.bind(svc)
    svc.handle = (r, d) => (ids.push(r.headers.get('paypal-request-id')), handle(r, d))
    const mounted = mountServices([svc])
    try {
      await new PaymentsController(client).refundCapturedPayment({ captureId: 'pi_1', body: {} })
    } finally {
      mounted.unmount()
    }
    expect(ids).toEqual([null, null]) // the token's, the refund's
  })

  it('P15: a refund names its capture; the capture names its order; the order lists its refunds', async () => {
    const w = world()
    const r = (await (await w.refund('10.00', 'k')).json()) as { id: string }
    const capture = (await (await w.get('/v2/payments/captures/pi_1')).json()) as {
      status: string
      supplementary_data: { related_ids: { order_id: string } }
    }
    expect(capture.status).toBe('PARTIALLY_REFUNDED')
    const order = (await (
      await w.get(`/v2/checkout/orders/${capture.supplementary_data.related_ids.order_id}`)
    ).json()) as {
      purchase_units: { payments: { refunds: { id: string; custom_id: string }[] } }[]
    }
    expect(order.purchase_units[0]!.payments.refunds).toEqual([expect.objectContaining({ id: r.id, custom_id: 'k' })])
    expect(await (await w.get(`/v2/payments/refunds/${r.id}`)).json()).toMatchObject({ status: 'COMPLETED' })
    // An empty body refunds what is left.
    await w.post('/v2/payments/captures/pi_1/refund', {}, 'rest')
    expect(refunds(w.svc).map((e) => e.amount)).toEqual([1_000, 9_000])
  })

  it('P15: behind a visibility lag, the capture and its order show a refund together: neither before the other', async () => {
    const w = world({ visibilityLagMs: 4_000 })
    const r = (await (await w.refund('10.00', 'k')).json()) as { id: string }
    const seen = async () => {
      const capture = (await (await w.get('/v2/payments/captures/pi_1')).json()) as {
        status: string
        supplementary_data: { related_ids: { order_id: string } }
      }
      const order = (await (
        await w.get(`/v2/checkout/orders/${capture.supplementary_data.related_ids.order_id}`)
      ).json()) as { purchase_units: { payments: { refunds?: { id: string }[] } }[] }
      return { status: capture.status, refunds: (order.purchase_units[0]!.payments.refunds ?? []).map((x) => x.id) }
    }
    expect(await seen()).toEqual({ status: 'COMPLETED', refunds: [] })
    w.advance(4_000)
    expect(await seen()).toEqual({ status: 'PARTIALLY_REFUNDED', refunds: [r.id] })
  })

  it('P16: no deadline header: ignored unless the deadline-forwarding profile', async () => {
    const late = { 'x-request-deadline': '1' }
    expect((await world().refund('1.00', 'k', late)).status).toBe(201)
    expect((await world({ honoursDeadline: true }).refund('1.00', 'k', late)).status).toBe(408)
  })

  it('P17: the request id is 1 to 108 characters', async () => {
    expect(MAX_REQUEST_ID_LENGTH).toBe(108)
    expect((await world().refund('1.00', 'x'.repeat(109))).status).toBe(400)
  })

  it('P18: every refund the mock makes is COMPLETED (PENDING and FAILED are not played: a known gap)', async () => {
    const r = await world().refund('1.00', 'k')
    expect(r.status).toBe(201)
    expect(await r.json()).toMatchObject({ status: 'COMPLETED' })
  })
})
