// The official square SDK (46.0.0), built as its
// README shows (a token, nothing else), against
// the Square mock at its default host,
// connect.squareup.com (docs/vendors.md Q1–Q14).
import { SquareClient, SquareError } from 'square'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { RequestFault } from '../../../harness/faults/catalogue.ts'
import { eventsOf } from '../../../harness/history/history.ts'
import { runScenario } from '../../../harness/run/runner.ts'
import { mountServices, type Mounted } from '../../../harness/sim/mount.ts'
import { SquareService } from '../../../mock-services/square/square.ts'
import squareAtDefault from '../../fixtures/vendor-hosts/square-default-host.ts'
import { refundScenario } from '../../support/scenario.ts'

const client = () => new SquareClient({ token: 'EAAAfaultline-sandbox-token' })

const charge = (idempotencyKey: string, amount = 4_990) =>
  client().payments.create({
    idempotencyKey,
    sourceId: 'cnon:card-nonce-ok',
    amountMoney: { amount: BigInt(amount), currency: 'EUR' },
    note: 'client_reference:op-1',
  })

/** Keeps each request's headers and host. */
function recorded(square: SquareService, seen: Request[]): SquareService {
  const isMutation = square.isMutation.bind(square)
  square.isMutation = (r: Request) => (seen.push(r.clone()), isMutation(r))
  return square
}

describe('the square SDK at its defaults against the Square mock', () => {
  let mounted: Mounted | undefined
  afterEach(() => {
    mounted?.unmount()
    mounted = undefined
    vi.restoreAllMocks()
  })
  const mount = (faults: RequestFault[] = []) => {
    const seen: Request[] = []
    const square = recorded(new SquareService(Date.now, { processingMs: 0 }), seen)
    mounted = mountServices([square], faults)
    return { square, seen, history: () => mounted!.history }
  }

  it('charges: one POST to connect.squareup.com with a bearer token, a COMPLETED payment, one charge', async () => {
    const { square, seen, history } = mount()
    const { payment } = await charge('op-1')
    expect(payment).toMatchObject({ status: 'COMPLETED', note: 'client_reference:op-1', sourceType: 'CARD' })
    expect(Number(payment!.amountMoney!.amount)).toBe(4_990)
    expect(payment!.amountMoney!.currency).toBe('EUR')
    expect(square.ledger.entries).toEqual([
      expect.objectContaining({ type: 'charge', id: payment!.id, amount: 4_990, service: 'payments' }),
    ])
    // Q1, Q2: Production host, bearer token,
    // the key in the JSON body, no header.
    const sent = seen[0]!
    expect(new URL(sent.url).host).toBe('connect.squareup.com')
    expect(sent.headers.get('authorization')).toBe('Bearer EAAAfaultline-sandbox-token')
    expect(sent.headers.get('square-version')).toBe('2026-09-16')
    expect(sent.headers.get('idempotency-key')).toBeNull()
    expect(JSON.parse(await sent.text())).toMatchObject({ idempotency_key: 'op-1', source_id: 'cnon:card-nonce-ok' })
    expect(eventsOf(history(), 'attempt-sent')).toEqual([
      expect.objectContaining({ service: 'payments', method: 'POST', path: '/v2/payments' }),
    ])
    expect(eventsOf(history(), 'executor-fault')).toEqual([])

    // Reads: GetPayment and ListPayments (a Page).
    expect((await client().payments.get({ paymentId: payment!.id! })).payment?.id).toBe(payment!.id)
    const page = await client().payments.list({ sortOrder: 'DESC' })
    expect(page.data.map((p) => p.id)).toEqual([payment!.id])
  })

  it('replays the first payment under a used key; another amount under it is IDEMPOTENCY_KEY_REUSED', async () => {
    const { square } = mount()
    const first = await charge('op-1')
    const again = await charge('op-1')
    expect(again.payment?.id).toBe(first.payment?.id)
    expect(square.ledger.entries).toHaveLength(1)
    const error = await charge('op-1', 1_250).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(SquareError)
    expect(error).toMatchObject({
      statusCode: 400,
      errors: [{ category: 'INVALID_REQUEST_ERROR', code: 'IDEMPOTENCY_KEY_REUSED', field: 'idempotency_key' }],
    })
    expect(square.ledger.entries).toHaveLength(1)
  })

  it('refunds, lists and reads refunds; an unknown payment is a typed 404, not retried', async () => {
    const { square, history } = mount()
    square.seedPaymentIntent('pi_1', 10_000, 'eur')
    const { refund } = await client().refunds.refundPayment({
      idempotencyKey: 'refund-op-1',
      paymentId: 'pi_1',
      amountMoney: { amount: BigInt(4_990), currency: 'EUR' },
      reason: 'client_reference:op-1',
    })
    expect(refund).toMatchObject({ paymentId: 'pi_1', status: 'PENDING', reason: 'client_reference:op-1' })
    expect(square.ledger.entries).toEqual([expect.objectContaining({ type: 'refund', target: 'pi_1', amount: 4_990 })])
    expect((await client().refunds.get({ refundId: refund!.id! })).refund?.status).toBe('COMPLETED')
    expect((await client().refunds.list()).data.map((r) => r.id)).toEqual([refund!.id])

    const before = eventsOf(history(), 'attempt-sent').length
    const error = await client()
      .refunds.refundPayment({
        idempotencyKey: 'refund-op-2',
        paymentId: 'nope',
        amountMoney: { amount: BigInt(100), currency: 'EUR' },
      })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(SquareError)
    expect(error).toMatchObject({ statusCode: 404, errors: [{ code: 'NOT_FOUND' }] })
    expect(eventsOf(history(), 'attempt-sent')).toHaveLength(before + 1)
  })

  it('retries a 503 twice with the same body (three attempts, one charge)', async () => {
    // Symmetric jitter at 0.5: 1 s, then 2 s.
    vi.spyOn(Math, 'random').mockReturnValue(0.5)
    const unavailable = (n: number): RequestFault => ({
      kind: 'server-fails-before-apply',
      boundary: 'after-receipt',
      step: '*',
      send: n,
      mode: '503',
    })
    const { square, history } = mount([unavailable(1), unavailable(2)])
    const { payment } = await charge('op-1')
    expect(payment?.status).toBe('COMPLETED')
    const sent = eventsOf(history(), 'attempt-sent')
    expect(sent).toHaveLength(3)
    expect(new Set(sent.map((e) => e.fingerprint)).size).toBe(1)
    expect(square.ledger.entries).toHaveLength(1)
  })

  it('retries a 429 RATE_LIMITED too, then surfaces it typed after three attempts', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5)
    const limited = (n: number): RequestFault => ({
      kind: 'error-response',
      boundary: 'response',
      step: '*',
      send: n,
      status: 429,
    })
    const { square, history } = mount([limited(1), limited(2), limited(3)])
    const error = await charge('op-1').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(SquareError)
    expect(error).toMatchObject({ statusCode: 429, errors: [{ category: 'RATE_LIMIT_ERROR', code: 'RATE_LIMITED' }] })
    expect(eventsOf(history(), 'attempt-sent')).toHaveLength(3)
    expect(square.ledger.entries).toEqual([])
  })

  it('does not retry a connection reset: one attempt, a SquareError with no status', async () => {
    const { square, history } = mount([{ kind: 'reset-after-effect', boundary: 'after-effect', step: '*', send: 1 }])
    const error = await charge('op-1').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(SquareError)
    expect((error as SquareError).statusCode).toBeUndefined()
    expect(eventsOf(history(), 'attempt-sent')).toHaveLength(1)
    // The charge landed: only a look (or a replay) can tell.
    expect(square.ledger.entries).toHaveLength(1)
  })

  it('answers a request without a bearer token 401 UNAUTHORIZED', async () => {
    mount()
    const response = await fetch('https://connect.squareup.com/v2/payments')
    expect(response.status).toBe(401)
    expect(await response.json()).toEqual({
      errors: [
        { category: 'AUTHENTICATION_ERROR', code: 'UNAUTHORIZED', detail: 'This request could not be authorized.' },
      ],
    })
  })
})

describe('the square SDK at its defaults inside a run', () => {
  const scenario = (faults: RequestFault[] = []) =>
    refundScenario({
      vendors: { payments: 'square' },
      plan: [{ stepId: 's1', tool: 'charge_card', args: { order_id: 'ORD-1', amount: 49.9, currency: 'eur' } }],
      faults,
    })

  it('reaches the Square mock at connect.squareup.com; nothing else is called', async () => {
    const { history } = await runScenario(scenario(), squareAtDefault)
    expect(eventsOf(history, 'attempt-sent')).toEqual([
      expect.objectContaining({ service: 'payments', method: 'POST', path: '/v2/payments' }),
    ])
    expect(eventsOf(history, 'effect-applied')).toEqual([
      expect.objectContaining({ service: 'payments', call: 'run-7/s1', amount: 4_990 }),
    ])
    expect(eventsOf(history, 'outcome-reported').at(-1)?.envelope.status).toBe('SUCCEEDED')
    expect(eventsOf(history, 'executor-fault')).toEqual([])
  })

  it('a 500 before applying: the SDK resends the same key in virtual time, one charge', async () => {
    const { history } = await runScenario(
      scenario([{ kind: 'server-fails-before-apply', boundary: 'after-receipt', step: 's1', send: 1, mode: '500' }]),
      squareAtDefault,
    )
    expect(eventsOf(history, 'attempt-sent')).toHaveLength(2)
    expect(eventsOf(history, 'effect-applied')).toHaveLength(1)
    expect(eventsOf(history, 'outcome-reported').at(-1)?.envelope.status).toBe('SUCCEEDED')
  })
})
