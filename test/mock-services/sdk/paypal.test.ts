// @paypal/paypal-server-sdk 2.5.0 built as its
// README shows, credentials only: it reaches the
// PayPal mock at its default (Sandbox) host,
// token first, through the harness's pipeline.
import {
  ApiError,
  CheckoutPaymentIntent,
  Client,
  CustomError,
  OrdersController,
  PaymentsController,
} from '@paypal/paypal-server-sdk'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { eventsOf } from '../../../harness/history/history.ts'
import { runScenario } from '../../../harness/run/runner.ts'
import { mountServices, type Mounted } from '../../../harness/sim/mount.ts'
import { PaypalService } from '../../../mock-services/paypal/paypal.ts'
import paypalAtDefault from '../../fixtures/vendor-hosts/paypal-default-host.ts'
import { refundScenario } from '../../support/scenario.ts'

const client = () =>
  new Client({ clientCredentialsAuthCredentials: { oAuthClientId: 'client-id', oAuthClientSecret: 'secret' } })

type Sent = { type: string; probe?: boolean; path?: string }
const sends = (m: Mounted) => (m.history as readonly Sent[]).filter((e) => e.type === 'attempt-sent' && !e.probe)

describe('paypal-server-sdk at its defaults against the PayPal mock', () => {
  let mounted: Mounted
  let paypal: PaypalService
  beforeEach(() => {
    paypal = new PaypalService(Date.now, { processingMs: 0 })
    paypal.seedPaymentIntent('pi_1', 10_000, 'eur')
    mounted = mountServices([paypal])
  })
  afterEach(() => mounted.unmount())

  it('one-step card order: a token, then a COMPLETED order with its capture', async () => {
    const orders = new OrdersController(client())
    const { result, statusCode } = await orders.createOrder({
      body: {
        intent: CheckoutPaymentIntent.Capture,
        purchaseUnits: [{ customId: 'op-1', amount: { currencyCode: 'EUR', value: '49.90' } }],
        paymentSource: { card: { number: '4111111111111111', expiry: '2030-12' } },
      },
      paypalRequestId: 'charge-op-1',
      prefer: 'return=representation',
    })
    expect(statusCode).toBe(201)
    expect(result.status).toBe('COMPLETED')
    const capture = result.purchaseUnits?.[0]?.payments?.captures?.[0]
    expect(capture).toMatchObject({ status: 'COMPLETED', amount: { currencyCode: 'EUR', value: '49.90' } })
    expect(paypal.ledger.entries).toEqual([expect.objectContaining({ type: 'charge', id: capture?.id, amount: 4990 })])
    // The token request is a read: one send.
    expect(sends(mounted).map((e) => e.path)).toEqual(['/v2/checkout/orders'])
    expect(mounted.history.filter((e) => e.type === 'attempt-sent').map((e) => (e as Sent).path)).toContain(
      '/v1/oauth2/token',
    )
    // A probe for faults, not a look: marked.
    const setups = mounted.history.filter((e) => e.type === 'attempt-sent' && (e as { setup?: true }).setup)
    expect(setups.map((e) => (e as Sent).path)).toEqual(['/v1/oauth2/token'])
    const got = await orders.getOrder({ id: result.id! })
    expect(got.result.purchaseUnits?.[0]?.payments?.captures?.[0]?.id).toBe(capture?.id)
  })

  it('refund replayed under its PayPal-Request-Id: the same refund, no second effect', async () => {
    const payments = new PaymentsController(client())
    const body = { amount: { value: '49.90', currencyCode: 'EUR' }, customId: 'op-2', noteToPayer: 'Sorry' }
    const first = await payments.refundCapturedPayment({ captureId: 'pi_1', paypalRequestId: 'refund-op-2', body })
    expect(first.statusCode).toBe(201)
    // Prefer defaults to return=minimal: id, status, links.
    expect(first.result.amount).toBeUndefined()
    const again = await payments.refundCapturedPayment({ captureId: 'pi_1', paypalRequestId: 'refund-op-2', body })
    expect(again.result.id).toBe(first.result.id)
    expect(paypal.ledger.entries.filter((e) => e.type === 'refund')).toHaveLength(1)
    const refund = await payments.getRefund({ refundId: first.result.id! })
    expect(refund.result).toMatchObject({ status: 'COMPLETED', customId: 'op-2', amount: { value: '49.90' } })
    const capture = await payments.getCapturedPayment({ captureId: 'pi_1' })
    expect(capture.result.status).toBe('PARTIALLY_REFUNDED')
  })

  it('a refund past what is left: CustomError 422 REFUND_AMOUNT_EXCEEDED', async () => {
    const payments = new PaymentsController(client())
    const e = await payments
      .refundCapturedPayment({ captureId: 'pi_1', body: { amount: { value: '100.01', currencyCode: 'EUR' } } })
      .catch((x: unknown) => x)
    expect(e).toBeInstanceOf(CustomError)
    const err = e as CustomError
    expect(err.statusCode).toBe(422)
    expect(err.result).toMatchObject({ name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'REFUND_AMOUNT_EXCEEDED' }] })
    expect((err.result as { debug_id?: string }).debug_id).toMatch(/^f1/)
  })

  it('no retries at its defaults: a 503 on a GET and on a POST, each sent once', async () => {
    mounted.unmount()
    const flaky = new PaypalService(Date.now, { processingMs: 0 })
    flaky.seedPaymentIntent('pi_1', 10_000, 'eur')
    // Every answer but the token's is a 503.
    const answer = flaky.handle.bind(flaky)
    flaky.handle = (req, d) =>
      new URL(req.url).pathname === '/v1/oauth2/token'
        ? answer(req, d)
        : Promise.resolve(flaky.errorResponse('unavailable'))
    mounted = mountServices([flaky])
    const payments = new PaymentsController(client())
    const e = await payments.getCapturedPayment({ captureId: 'pi_1' }).catch((x: unknown) => x)
    expect(e).toBeInstanceOf(ApiError)
    expect((e as ApiError).statusCode).toBe(503)
    const r = await payments
      .refundCapturedPayment({ captureId: 'pi_1', paypalRequestId: 'k', body: {} })
      .catch((x: unknown) => x)
    expect((r as ApiError).statusCode).toBe(503)
    const all = (mounted.history as readonly Sent[]).filter((ev) => ev.type === 'attempt-sent')
    expect(all.filter((ev) => ev.path === '/v2/payments/captures/pi_1').length).toBe(1)
    expect(all.filter((ev) => ev.path === '/v2/payments/captures/pi_1/refund').length).toBe(1)
    expect(flaky.ledger.entries).toEqual([])
  })

  it('without a token: 401 AUTHENTICATION_FAILURE', async () => {
    const res = await fetch('https://api-m.sandbox.paypal.com/v2/payments/captures/pi_1')
    expect(res.status).toBe(401)
    expect(await res.json()).toMatchObject({ name: 'AUTHENTICATION_FAILURE' })
  })
})

describe('paypal-server-sdk inside a run', () => {
  it('built with credentials alone, it reaches the PayPal mock at api-m.sandbox.paypal.com', async () => {
    const { history } = await runScenario(refundScenario({ vendors: { payments: 'paypal' } }), paypalAtDefault)
    const sent = eventsOf(history, 'attempt-sent')
    expect(sent.map((e) => e.path)).toEqual(['/v1/oauth2/token', '/v2/payments/captures/pi_1/refund'])
    expect(sent.every((e) => e.service === 'payments' && e.call === 'run-7/s1')).toBe(true)
    expect(eventsOf(history, 'effect-applied')).toEqual([
      expect.objectContaining({ service: 'payments', call: 'run-7/s1', amount: 4990, target: 'pi_1' }),
    ])
    expect(eventsOf(history, 'outcome-reported').at(-1)?.envelope.status).toBe('SUCCEEDED')
    expect(eventsOf(history, 'executor-fault')).toEqual([])
  })
})
