// Each Square fact the mock relies on (docs/
// vendors.md Q1–Q13), pinned: one test per
// numbered fact, against the service as a run
// builds it, and the square SDK (46.0.0) where
// the fact is the SDK's.
import { readFileSync } from 'node:fs'
import { SquareClient, SquareError } from 'square'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { serviceOfHost } from '../../harness/sim/vendor-hosts.ts'
import { mountServices, type Mounted } from '../../harness/sim/mount.ts'
import type { Delivery } from '../../mock-services/service.ts'
import { SquareService } from '../../mock-services/square/square.ts'
import { SQUARE_VENDOR } from '../../mock-services/square/vendor.ts'
import { DAY_MS } from '../../mock-services/idempotency/store.ts'
import { bodyText } from '../../mock-services/request-body.ts'

const D: Delivery = { attempt: 1, call: 'r/s1' }
let now = 1_800_000_000_000
const square = (settings: ConstructorParameters<typeof SquareService>[1] = {}) => {
  const s = new SquareService(() => now, { processingMs: 0, ...settings })
  s.seedPaymentIntent('pi_1', 10_000, 'eur')
  return s
}
const AUTH = { authorization: 'Bearer EAAAtoken', 'content-type': 'application/json' }
const post = (path: string, body: unknown, headers: Record<string, string> = AUTH) =>
  new Request(`https://connect.squareup.com${path}`, { method: 'POST', headers, body: JSON.stringify(body) })
const get = (path: string) => new Request(`https://connect.squareup.com${path}`, { headers: AUTH })
const payment = (key: string | undefined, amount = 4_990, extra: Record<string, unknown> = {}) => ({
  ...(key === undefined ? {} : { idempotency_key: key }),
  source_id: 'cnon:card-nonce-ok',
  amount_money: { amount, currency: 'EUR' },
  ...extra,
})
const refund = (key: string, amount = 1_000) => ({
  idempotency_key: key,
  payment_id: 'pi_1',
  amount_money: { amount, currency: 'EUR' },
})
const json = async (r: Response) => ({ status: r.status, body: (await r.json()) as Record<string, unknown> })
const sdkSource = (file: string) => readFileSync(new URL(`../../node_modules/square/${file}`, import.meta.url), 'utf8')

describe('Square (docs/vendors.md Q1–Q13)', () => {
  let mounted: Mounted | undefined
  afterEach(() => {
    mounted?.unmount()
    mounted = undefined
    vi.restoreAllMocks()
  })

  it('Q1: new SquareClient({ token }) calls Production, connect.squareup.com; Sandbox is answered too', async () => {
    expect(SQUARE_VENDOR.hosts).toEqual(['connect.squareup.com', 'connect.squareupsandbox.com'])
    expect(serviceOfHost('connect.squareup.com')).toEqual({ service: 'payments', vendor: 'square' })
    expect(serviceOfHost('connect.squareupsandbox.com')).toEqual({ service: 'payments', vendor: 'square' })
    expect(serviceOfHost('squareup.com')).toBeNull()
    const s = square()
    const urls: string[] = []
    const handle = s.handle.bind(s)
    s.handle = (r, d) => (urls.push(r.url), handle(r, d))
    mounted = mountServices([s])
    await new SquareClient({ token: 't' }).payments.get({ paymentId: 'pi_1' })
    expect(urls).toEqual(['https://connect.squareup.com/v2/payments/pi_1'])
  })

  it('Q2: a bearer token on every call; without one, 401 AUTHENTICATION_ERROR UNAUTHORIZED', async () => {
    const s = square()
    const bare = await json(await s.handle(new Request('https://connect.squareup.com/v2/payments/pi_1'), D))
    expect(bare).toEqual({
      status: 401,
      body: { errors: [{ category: 'AUTHENTICATION_ERROR', code: 'UNAUTHORIZED', detail: expect.any(String) }] },
    })
    const charged = await s.handle(post('/v2/payments', payment('k1'), { 'content-type': 'application/json' }), D)
    expect(charged.status).toBe(401)
    expect(s.ledger.entries).toEqual([])
    expect(sdkSource('auth/BearerAuthProvider.js')).toContain('headers: { Authorization: `Bearer ')
  })

  it('Q3: idempotency_key is in the JSON body, required, 1–45 characters; a header is not read', async () => {
    const s = square()
    const none = await json(await s.handle(post('/v2/payments', payment(undefined)), D))
    expect(none).toMatchObject({
      status: 400,
      body: { errors: [{ code: 'MISSING_REQUIRED_PARAMETER', field: 'idempotency_key' }] },
    })
    const long = await json(await s.handle(post('/v2/payments', payment('k'.repeat(46))), D))
    expect(long).toMatchObject({
      status: 400,
      body: { errors: [{ code: 'VALUE_TOO_LONG', field: 'idempotency_key' }] },
    })
    const header = await s.handle(post('/v2/payments', payment(undefined), { ...AUTH, 'idempotency-key': 'k1' }), D)
    expect(header.status).toBe(400)
    expect((await s.handle(post('/v2/payments', payment('k'.repeat(45))), D)).status).toBe(200)
    expect(s.ledger.entries).toHaveLength(1)
  })

  it('Q4: the same request under a used key answers the first payment, with no second charge; a 500 is not kept', async () => {
    const s = square()
    const first = await json(await s.handle(post('/v2/payments', payment('k1')), D))
    const again = await s.handle(post('/v2/payments', payment('k1')), D)
    expect(await again.json()).toEqual(first.body)
    expect(again.headers.get('idempotent-replayed')).toBeNull()
    expect(s.ledger.entries).toHaveLength(1)
    // A 500 before applying: the same key acts later.
    const failed = await s.handle(post('/v2/payments', payment('k2')), { ...D, internalError: true })
    expect(await json(failed)).toMatchObject({
      status: 500,
      body: { errors: [{ category: 'API_ERROR', code: 'INTERNAL_SERVER_ERROR' }] },
    })
    expect((await s.handle(post('/v2/payments', payment('k2')), D)).status).toBe(200)
    expect(s.ledger.entries).toHaveLength(2)
  })

  it('Q5: another request under a used key is a 400 IDEMPOTENCY_KEY_REUSED; keys are per endpoint', async () => {
    const s = square()
    await s.handle(post('/v2/payments', payment('k1')), D)
    const other = await json(await s.handle(post('/v2/payments', payment('k1', 1_250)), D))
    expect(other).toEqual({
      status: 400,
      body: {
        errors: [
          {
            category: 'INVALID_REQUEST_ERROR',
            code: 'IDEMPOTENCY_KEY_REUSED',
            detail: 'The provided idempotency key has already been used.',
            field: 'idempotency_key',
          },
        ],
      },
    })
    expect((await s.handle(post('/v2/refunds', refund('k1')), D)).status).toBe(200)
    expect(s.ledger.entries.map((e) => e.type)).toEqual(['charge', 'refund'])
  })

  it('Q6: a duplicate while the first is in flight is a 409 CONFLICT (undocumented: chosen), one charge', async () => {
    let release!: () => void
    const held = new Promise<void>((r) => (release = r))
    const s = square({ pause: () => held })
    const first = s.handle(post('/v2/payments', payment('k1')), D)
    const second = await json(await s.handle(post('/v2/payments', payment('k1')), D))
    expect(second).toMatchObject({
      status: 409,
      body: { errors: [{ category: 'INVALID_REQUEST_ERROR', code: 'CONFLICT' }] },
    })
    release()
    expect((await first).status).toBe(200)
    expect(s.ledger.entries).toHaveLength(1)
  })

  it('Q7: retention unpublished: a key is kept 24 h, durable across a restart, then a new payment', async () => {
    const s = square()
    const first = await json(await s.handle(post('/v2/payments', payment('k1')), D))
    s.restart()
    now += DAY_MS - 1
    expect(await json(await s.handle(post('/v2/payments', payment('k1')), D))).toEqual(first)
    now += 1
    const later = await json(await s.handle(post('/v2/payments', payment('k1')), D))
    expect((later.body.payment as { id: string }).id).not.toBe((first.body.payment as { id: string }).id)
    expect(s.ledger.entries).toHaveLength(2)
  })

  it('Q8: errors are { errors: [{ category, code, detail }] }; 429 RATE_LIMITED has no Retry-After', async () => {
    const s = square()
    const limited = s.errorResponse('rate-limited')
    expect(limited.status).toBe(429)
    expect(limited.headers.get('retry-after')).toBeNull()
    expect(await limited.json()).toEqual({
      errors: [{ category: 'RATE_LIMIT_ERROR', code: 'RATE_LIMITED', detail: expect.any(String) }],
    })
    expect(await json(s.errorResponse('unavailable'))).toMatchObject({
      status: 503,
      body: { errors: [{ category: 'API_ERROR', code: 'SERVICE_UNAVAILABLE' }] },
    })
    expect(await json(s.errorResponse('validation'))).toMatchObject({
      status: 400,
      body: { errors: [{ category: 'INVALID_REQUEST_ERROR', code: 'INVALID_VALUE' }] },
    })
    expect(await json(s.errorResponse('key-in-use'))).toMatchObject({
      status: 409,
      body: { errors: [{ code: 'CONFLICT' }] },
    })
  })

  it('Q9: the SDK retries 408, 429 and ≥ 500 twice (any method, the same body), not a reset; 60 s timeout', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5)
    const s = square()
    const bodies: string[] = []
    const stub = {
      ...s,
      name: 'payments',
      vendor: 'square',
      ledger: s.ledger,
      isMutation: () => true,
      restart: () => {},
      errorResponse: s.errorResponse.bind(s),
      handle: async (r: Request) => (bodies.push(await bodyText(r)), s.errorResponse('unavailable')),
    }
    mounted = mountServices([stub])
    const error = await new SquareClient({ token: 't' }).payments
      .create({
        idempotencyKey: 'k1',
        sourceId: 'cnon:card-nonce-ok',
        amountMoney: { amount: BigInt(100), currency: 'EUR' },
      })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(SquareError)
    expect(bodies).toHaveLength(3)
    expect(new Set(bodies).size).toBe(1)
    const retries = sdkSource('core/fetcher/requestWithRetries.js')
    expect(retries).toContain('const DEFAULT_MAX_RETRIES = 2;')
    expect(retries).toContain('return [408, 429].includes(statusCode) || statusCode >= 500;')
    // Only a status is retried: a thrown fetch
    // (reset, timeout) ends the call at once.
    expect(retries).toContain('if (isRetryableStatusCode(response.status)) {')
    expect(sdkSource('api/resources/payments/client/Client.js')).toContain(': 60) * 1000')
  }, 20_000)

  it('Q10: CreatePayment completes by default (a charge); autocomplete false is APPROVED (no charge); limits', async () => {
    const s = square()
    const done = await json(
      await s.handle(post('/v2/payments', payment('k1', 4_990, { reference_id: 'ORD-1', note: 'n' })), D),
    )
    expect(done.body.payment).toMatchObject({
      status: 'COMPLETED',
      amount_money: { amount: 4_990, currency: 'EUR' },
      reference_id: 'ORD-1',
      note: 'n',
    })
    const held = await json(await s.handle(post('/v2/payments', payment('k2', 100, { autocomplete: false })), D))
    expect(held.body.payment).toMatchObject({ status: 'APPROVED' })
    expect(s.ledger.entries).toEqual([expect.objectContaining({ type: 'charge', amount: 4_990 })])
    const long = await s.handle(post('/v2/payments', payment('k3', 100, { reference_id: 'r'.repeat(41) })), D)
    expect(await json(long)).toMatchObject({
      status: 400,
      body: { errors: [{ code: 'VALUE_TOO_LONG', field: 'reference_id' }] },
    })
    const lower = await s.handle(
      post('/v2/payments', { ...payment('k4'), amount_money: { amount: 100, currency: 'eur' } }),
      D,
    )
    expect(lower.status).toBe(400)
  })

  it('Q11: RefundPayment answers PENDING (reads say COMPLETED); no more than is left; reason ≤ 192', async () => {
    const s = square()
    const made = await json(await s.handle(post('/v2/refunds', { ...refund('r1', 4_990), reason: 'why' }), D))
    const r = made.body.refund as { id: string; status: string; payment_id: string; reason: string }
    expect(r).toMatchObject({ status: 'PENDING', payment_id: 'pi_1', reason: 'why' })
    expect(s.ledger.entries).toEqual([
      expect.objectContaining({ type: 'refund', id: r.id, target: 'pi_1', amount: 4_990 }),
    ])
    expect((await json(await s.handle(get(`/v2/refunds/${r.id}`), D))).body.refund).toMatchObject({
      status: 'COMPLETED',
    })
    const over = await json(await s.handle(post('/v2/refunds', refund('r2', 5_011)), D))
    expect(over).toMatchObject({ status: 400, body: { errors: [{ code: 'REFUND_AMOUNT_INVALID' }] } })
    const why = await s.handle(post('/v2/refunds', { ...refund('r3'), reason: 'x'.repeat(193) }), D)
    expect(why.status).toBe(400)
    expect(s.ledger.entries).toHaveLength(1)
  })

  it('Q12: lists are newest first, by cursor, filtered by no key, note or payment; {} when empty; they lag', async () => {
    const s = square({ visibilityLagMs: 1_000 })
    expect(await json(await s.handle(get('/v2/refunds'), D))).toEqual({ status: 200, body: {} })
    await s.handle(post('/v2/payments', payment('k1', 100, { note: 'client_reference:k1' })), D)
    // Not yet visible: the seeded one only.
    const early = await json(await s.handle(get('/v2/payments'), D))
    expect((early.body.payments as { id: string }[]).map((p) => p.id)).toEqual(['pi_1'])
    now += 1_000
    await s.handle(post('/v2/payments', payment('k2', 200)), D)
    now += 1_000
    const page1 = await json(await s.handle(get('/v2/payments?limit=1'), D))
    expect((page1.body.payments as { note?: string }[])[0]!.note).toBeUndefined()
    const page2 = await json(await s.handle(get(`/v2/payments?limit=1&cursor=${page1.body.cursor as string}`), D))
    expect((page2.body.payments as { note?: string }[])[0]!.note).toBe('client_reference:k1')
    const byTotal = await json(await s.handle(get('/v2/payments?total=100'), D))
    expect((byTotal.body.payments as unknown[]).length).toBe(1)
    // The filters the SDK knows: none by reference.
    const list = sdkSource('api/resources/payments/client/Client.js')
    expect(list).toContain('last_4: last4')
    expect(list).not.toMatch(/reference_id: referenceId|note: note/)
  })

  it('Q13: cancel by key voids an APPROVED payment; none: a 200 doing nothing; COMPLETED: a 400, charged still', async () => {
    const s = square()
    expect(s.isMutation(post('/v2/payments/cancel', { idempotency_key: 'k' }))).toBe(true)
    expect(await json(await s.handle(post('/v2/payments/cancel', { idempotency_key: 'none' }), D))).toEqual({
      status: 200,
      body: {},
    })
    const held = await json(await s.handle(post('/v2/payments', payment('k1', 100, { autocomplete: false })), D))
    // A 500 before applying: nothing voided.
    const failed = await s.handle(post('/v2/payments/cancel', { idempotency_key: 'k1' }), { ...D, internalError: true })
    expect(failed.status).toBe(500)
    const stillHeld = (held.body.payment as { id: string }).id
    expect((await json(await s.handle(get(`/v2/payments/${stillHeld}`), D))).body.payment).toMatchObject({
      status: 'APPROVED',
    })
    expect((await s.handle(post('/v2/payments/cancel', { idempotency_key: 'k1' }), D)).status).toBe(200)
    const id = (held.body.payment as { id: string }).id
    expect((await json(await s.handle(get(`/v2/payments/${id}`), D))).body.payment).toMatchObject({
      status: 'CANCELED',
    })
    await s.handle(post('/v2/payments', payment('k2')), D)
    const completed = await json(await s.handle(post('/v2/payments/cancel', { idempotency_key: 'k2' }), D))
    expect(completed).toMatchObject({ status: 400, body: { errors: [{ category: 'INVALID_REQUEST_ERROR' }] } })
    expect(s.ledger.entries).toHaveLength(1)
  })
})
