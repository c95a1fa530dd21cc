// The official stripe SDK (Node and fetch clients)
// against the mock payments service, via msw and
// over loopback: Stripe enough for a real adapter.
import Stripe from 'stripe'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { PaymentsService } from '../../../mock-services/payments/payments.ts'
import { serveLoopback, type LoopbackServer } from '../../../mock-services/server/loopback.ts'
import { mountServices, type Mounted } from '../../../harness/sim/mount.ts'

type Client = 'node' | 'fetch'

function stripeAt(client: Client, where: { host: string; port: number; protocol: 'http' | 'https' }): Stripe {
  return new Stripe('sk_test_faultline', {
    ...where,
    maxNetworkRetries: 0,
    telemetry: false,
    // Look fetch up per call, so msw's interception
    // (installed later) is seen.
    ...(client === 'fetch'
      ? { httpClient: Stripe.createFetchHttpClient((...a: Parameters<typeof fetch>) => globalThis.fetch(...a)) }
      : {}),
  })
}

function header(resource: { lastResponse: { headers: unknown } }, name: string): string | undefined {
  const h = resource.lastResponse.headers as Headers | Record<string, string>
  return typeof (h as Headers).get === 'function'
    ? ((h as Headers).get(name) ?? undefined)
    : (h as Record<string, string>)[name]
}

async function contract(stripe: Stripe, payments: PaymentsService) {
  const pi = await stripe.paymentIntents.create({
    amount: 5_000,
    currency: 'eur',
    confirm: true,
    metadata: { order_id: 'ORD-1042' },
  })
  expect(pi).toMatchObject({
    object: 'payment_intent',
    amount: 5_000,
    currency: 'eur',
    status: 'succeeded',
    metadata: { order_id: 'ORD-1042' },
  })
  expect((await stripe.paymentIntents.retrieve(pi.id)).id).toBe(pi.id)

  const refund = await stripe.refunds.create(
    { payment_intent: pi.id, amount: 1_000, metadata: { client_reference: 'op-1' } },
    { idempotencyKey: 'refund-op-1' },
  )
  expect(refund).toMatchObject({ object: 'refund', amount: 1_000, payment_intent: pi.id, status: 'succeeded' })
  expect(header(refund, 'idempotent-replayed')).toBeUndefined()
  expect(refund.lastResponse.requestId).toMatch(/^req_/)

  // Same key: the same refund, marked as a replay,
  // no second effect.
  const again = await stripe.refunds.create(
    { payment_intent: pi.id, amount: 1_000, metadata: { client_reference: 'op-1' } },
    { idempotencyKey: 'refund-op-1' },
  )
  expect(again.id).toBe(refund.id)
  expect(header(again, 'idempotent-replayed')).toBe('true')
  expect(again.lastResponse.idempotencyKey).toBe('refund-op-1')

  // The probe: list the intent's refunds;
  // auto-pagination follows starting_after.
  await stripe.refunds.create({ payment_intent: pi.id, amount: 500 }, { idempotencyKey: 'refund-op-2' })
  await stripe.refunds.create({ payment_intent: pi.id, amount: 500 }, { idempotencyKey: 'refund-op-3' })
  const page = await stripe.refunds.list({ payment_intent: pi.id, limit: 2 })
  expect(page.data).toHaveLength(2)
  expect(page.has_more).toBe(true)
  const all = await stripe.refunds.list({ payment_intent: pi.id, limit: 2 }).autoPagingToArray({ limit: 10 })
  expect(all.map((r) => r.id).sort()).toEqual(
    payments.ledger.entries
      .filter((e) => e.type === 'refund')
      .map((e) => e.id)
      .sort(),
  )
  expect(all.find((r) => r.id === refund.id)?.metadata).toEqual({ client_reference: 'op-1' })

  // Same key, other parameters: Stripe's idempotency
  // error, as the SDK's class.
  const mismatch = await stripe.refunds
    .create({ payment_intent: pi.id, amount: 2_000 }, { idempotencyKey: 'refund-op-1' })
    .catch((e: unknown) => e)
  expect(mismatch).toBeInstanceOf(Stripe.errors.StripeIdempotencyError)
  expect(mismatch).toMatchObject({ type: 'StripeIdempotencyError', statusCode: 400 })

  // A business rule: no refund past what is left.
  const tooMuch = await stripe.refunds.create({ payment_intent: pi.id, amount: 9_999 }).catch((e: unknown) => e)
  expect(tooMuch).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError)
  expect(tooMuch).toMatchObject({ code: 'amount_too_large', param: 'amount' })

  // The ledger: one charge and exactly three refunds,
  // whatever was replayed.
  expect(payments.ledger.entries.map((e) => e.type)).toEqual(['charge', 'refund', 'refund', 'refund'])
}

describe.each<Client>(['node', 'fetch'])('stripe-node (%s client) in-process through msw', (client) => {
  let mounted: Mounted
  let payments: PaymentsService
  beforeEach(() => {
    payments = new PaymentsService(Date.now, { processingMs: 0 })
    mounted = mountServices([payments])
  })
  afterEach(() => mounted.unmount())

  it('creates, replays, lists, and raises StripeIdempotencyError like Stripe', async () => {
    await contract(stripeAt(client, { host: 'payments.test', port: 443, protocol: 'https' }), payments)
    // Every request went through the harness's pipeline.
    expect(mounted.history.filter((e) => e.type === 'attempt-sent').length).toBeGreaterThanOrEqual(9)
  })
})

describe.each<Client>(['node', 'fetch'])('stripe-node (%s client) over a real loopback socket', (client) => {
  let server: LoopbackServer
  let payments: PaymentsService
  beforeEach(async () => {
    payments = new PaymentsService(Date.now, { processingMs: 0 })
    server = await serveLoopback([payments])
  })
  afterEach(() => server.close())

  it('behaves the same against the socket server', async () => {
    const url = new URL(server.urls.payments!)
    await contract(stripeAt(client, { host: url.hostname, port: Number(url.port), protocol: 'http' }), payments)
  })
})
