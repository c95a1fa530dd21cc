// faultline/msw behind the vendors' own SDKs at
// their default hosts, no host options:
// `new Stripe(key)` (node:http) and `new
// Resend(key)` (fetch).
import { setupServer } from 'msw/node'
import { Resend } from 'resend'
import Stripe from 'stripe'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { faultlineServices } from '../../../faultline/msw/index.ts'

const services = faultlineServices({
  payments: { baseUrl: 'https://api.stripe.com' },
  email: { baseUrl: 'https://api.resend.com' },
})
const server = setupServer(...services.handlers)

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
beforeEach(() => services.payments.service.seedPaymentIntent('pi_1', 10_000, 'eur'))
afterEach(() => {
  server.resetHandlers()
  services.reset()
})
afterAll(() => server.close())

describe('faultline/msw with the Stripe SDK', () => {
  it('a reset after the effect without retries: StripeConnectionError, and the refund happened', async () => {
    const stripe = new Stripe('sk_test_faultline', { maxNetworkRetries: 0 })
    services.payments.next('POST /v1/refunds', { kind: 'reset-after-effect' })

    const lost = await stripe.refunds
      .create({ payment_intent: 'pi_1', amount: 4_990 }, { idempotencyKey: 'op-1' })
      .catch((e: unknown) => e)
    expect(lost).toBeInstanceOf(Stripe.errors.StripeConnectionError)
    expect(services.payments.effects('refund')).toMatchObject([{ amount: 4_990, target: 'pi_1' }])

    // The caller's retry, same key: Stripe replays the
    // refund, no second one.
    const retried = await stripe.refunds.create({ payment_intent: 'pi_1', amount: 4_990 }, { idempotencyKey: 'op-1' })
    expect(retried.id).toBe(services.payments.effects('refund')[0]!.id)
    expect(services.payments.effects('refund')).toHaveLength(1)
  })

  it("the SDK's own retry (maxNetworkRetries 2, its own key) recovers from a reset after the effect", async () => {
    const stripe = new Stripe('sk_test_faultline')
    services.payments.next('POST /v1/refunds', { kind: 'reset-after-effect' })
    const refund = await stripe.refunds.create({ payment_intent: 'pi_1', amount: 4_990 })
    expect(refund.lastResponse.headers['idempotent-replayed']).toBe('true')
    expect(services.payments.effects('refund')).toMatchObject([{ id: refund.id }])
  })

  it('a 429 is StripeRateLimitError, without Retry-After (Stripe sends none), and refunds nothing', async () => {
    const stripe = new Stripe('sk_test_faultline')
    services.payments.next('POST /v1/refunds', { kind: 'error-response', status: 429 })
    const limited = await stripe.refunds.create({ payment_intent: 'pi_1', amount: 4_990 }).catch((e: unknown) => e)
    expect(limited).toBeInstanceOf(Stripe.errors.StripeRateLimitError)
    expect((limited as Stripe.errors.StripeError).headers?.['retry-after']).toBeUndefined()
    expect(services.payments.effects()).toEqual([])
  })
})

describe('faultline/msw with the Resend SDK', () => {
  const message = {
    from: 'Shop <support@shop.test>',
    to: ['customer@mail.test'],
    subject: 'Your refund',
    text: 'Refunded.',
  }

  it('a reset after the send: an error result, one e-mail sent; the retry with the key returns it', async () => {
    const resend = new Resend('re_test_faultline')
    services.email.next('POST /emails', { kind: 'reset-after-effect' })

    const lost = await resend.emails.send(message, { idempotencyKey: 'mail-1' })
    // The SDK answers a failed fetch with a result, not
    // a throw.
    expect(lost.data).toBeNull()
    expect(lost.error).toMatchObject({ name: 'application_error', statusCode: null })
    expect(services.email.effects('email')).toHaveLength(1)

    const again = await resend.emails.send(message, { idempotencyKey: 'mail-1' })
    expect(again.data?.id).toBe(services.email.effects('email')[0]!.id)
    expect(services.email.effects('email')).toHaveLength(1)
  })
})
