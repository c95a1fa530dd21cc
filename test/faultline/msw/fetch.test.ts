// faultline/msw as a team uses it: the mocks in the
// team's own msw server at their default hosts,
// fetch, a fault armed for a route's next request,
// and the ledger asserted on.
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { faultlineServices, type MswFault } from '../../../faultline/msw/index.ts'

const services = faultlineServices()
const server = setupServer(...services.handlers)

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
beforeEach(() => services.payments.service.seedPaymentIntent('pi_1', 10_000, 'eur'))
afterEach(() => {
  server.resetHandlers()
  services.reset()
})
afterAll(() => server.close())

function refund(key: string, amount = 4_990): Promise<Response> {
  return fetch('https://payments.test/v1/refunds', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'idempotency-key': key },
    body: `payment_intent=pi_1&amount=${amount}`,
  })
}

const email = {
  from: 'Shop <support@shop.test>',
  to: ['customer@mail.test'],
  subject: 'Your refund',
  text: 'Refunded.',
}

function send(key: string, init: RequestInit = {}): Promise<Response> {
  return fetch('https://email.test/emails', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': key },
    body: JSON.stringify(email),
    ...init,
  })
}

describe('faultline/msw with fetch', () => {
  it('serves Stripe-shaped refunds and records them in the ledger', async () => {
    const res = await refund('op-1')
    expect(res.status).toBe(200)
    const body = (await res.json()) as { id: string; object: string; amount: number }
    expect(body).toMatchObject({ object: 'refund', amount: 4_990, payment_intent: 'pi_1' })
    expect(services.payments.effects()).toMatchObject([{ type: 'refund', id: body.id, amount: 4_990, target: 'pi_1' }])
    // A read: Stripe's list, with the refund in it.
    const list = (await (await fetch('https://payments.test/v1/refunds?payment_intent=pi_1')).json()) as {
      data: { id: string }[]
    }
    expect(list.data.map((r) => r.id)).toEqual([body.id])
  })

  it('a reset after the effect: the client sees a network error, the ledger holds the refund, a retry with the key replays it', async () => {
    services.payments.next('POST /v1/refunds', { kind: 'reset-after-effect' })

    const lost = await refund('op-1').catch((e: unknown) => e)
    expect(lost).toBeInstanceOf(TypeError)
    expect((lost as TypeError).message).toBe('Failed to fetch')
    expect(services.payments.effects('refund')).toHaveLength(1)
    expect(services.payments.pending()).toEqual([])

    const retry = await refund('op-1')
    expect(retry.status).toBe(200)
    expect(retry.headers.get('idempotent-replayed')).toBe('true')
    expect(((await retry.json()) as { id: string }).id).toBe(services.payments.effects('refund')[0]!.id)
    expect(services.payments.effects('refund')).toHaveLength(1)
  })

  it('a refused connection: the same network error, and nothing in the ledger', async () => {
    services.payments.next('POST /v1/refunds', { kind: 'connection-refused' })
    await expect(refund('op-1')).rejects.toThrow('Failed to fetch')
    expect(services.payments.effects()).toEqual([])
    expect((await refund('op-1')).status).toBe(200)
    expect(services.payments.effects('refund')).toHaveLength(1)
  })

  it("a 503 and a 429 answer in the vendor's own shape, with no effect", async () => {
    services.payments.next('POST /v1/refunds', { kind: 'error-response', status: 503 })
    const unavailable = await refund('op-1')
    expect(unavailable.status).toBe(503)
    expect(await unavailable.json()).toMatchObject({ error: { type: 'api_error' } })

    services.email.next('POST /emails', { kind: 'error-response', status: 429, retryAfterS: 2 })
    const limited = await send('mail-1')
    expect(limited.status).toBe(429)
    // Resend sends Retry-After on a 429 (Stripe does not).
    expect(limited.headers.get('retry-after')).toBe('2')
    expect(await limited.json()).toMatchObject({ name: 'rate_limit_exceeded', statusCode: 429 })

    expect(services.payments.effects()).toEqual([])
    expect(services.email.effects()).toEqual([])
  })

  it('a gateway 504 while the upstream finishes: an HTML 504 now, the refund in the ledger a second later', async () => {
    services.payments.next('POST /v1/refunds', { kind: 'gateway-timeout', upstream: 'finishes', afterMs: 0 })
    const res = await refund('op-1')
    expect(res.status).toBe(504)
    expect(res.headers.get('content-type')).toBe('text/html')
    expect(services.payments.effects()).toEqual([])
    await expect.poll(() => services.payments.effects('refund').length, { timeout: 3_000 }).toBe(1)
  })

  it('a response withheld after the effect: the client times out, the e-mail was sent', async () => {
    services.email.next('POST /emails', { kind: 'withhold-after-effect' })
    const timedOut = await send('mail-1', { signal: AbortSignal.timeout(200) }).catch((e: unknown) => e)
    expect((timedOut as Error).name).toBe('TimeoutError')
    expect(services.email.effects('email')).toHaveLength(1)
  })

  it('strikes only the route it is armed for, and faults armed for one route strike in turn', async () => {
    services.payments
      .next('POST /v1/refunds', { kind: 'connection-refused' })
      .next('POST /v1/refunds', { kind: 'error-response', status: 429 })
    // A read of the same path is not the refund: it passes.
    expect((await fetch('https://payments.test/v1/refunds?payment_intent=pi_1')).status).toBe(200)
    await expect(refund('op-1')).rejects.toThrow('Failed to fetch')
    expect((await refund('op-1')).status).toBe(429)
    expect((await refund('op-1')).status).toBe(200)
    expect(services.payments.pending()).toEqual([])
  })

  it('says which armed faults were never reached', () => {
    const fault: MswFault = { kind: 'reset-after-effect' }
    services.payments.next('POST /v1/refunds', fault)
    expect(services.payments.pending()).toEqual([{ route: 'POST /v1/refunds', fault }])
  })

  it('reset() gives fresh services: empty ledgers, no keys, no armed faults', async () => {
    expect((await refund('op-1')).status).toBe(200)
    services.payments.next('POST /v1/refunds', { kind: 'connection-refused' })
    services.reset()
    expect(services.payments.effects()).toEqual([])
    expect(services.payments.pending()).toEqual([])
    // The new service knows neither the intent nor the key.
    expect((await refund('op-1')).status).toBe(404)
  })

  it('fails a request to a host it does not serve (onUnhandledRequest: error)', async () => {
    await expect(fetch('https://api.example.com/v1/refunds')).rejects.toThrow(/onUnhandledRequest/)
  })

  it('refuses a fault it cannot strike, where the test arms it', () => {
    expect(() => services.payments.next('POST /v1/refunds', { kind: 'no-such-fault' } as never)).toThrow(
      /no fault kind "no-such-fault"/,
    )
    expect(() => services.payments.next('POST /v1/refunds', { kind: 'error-response', status: 418 } as never)).toThrow(
      /error-response: status: Invalid option: expected one of 429\|503\|400\|409$/,
    )
    expect(() => services.payments.next('POST /v1/refunds', { kind: 'probe-timeout' })).toThrow(/strikes reads/)
    expect(() => services.payments.next('GET /v1/refunds', { kind: 'reset-after-effect' })).toThrow(
      /strikes side-effecting/,
    )
    expect(() => services.payments.next('refunds', { kind: 'reset-after-effect' })).toThrow(/METHOD \/path/)
    expect(() => faultlineServices({ payments: { baseUrl: 'https://api.stripe.com/v1' } })).toThrow(/origin/)
    // Another vendor's host would answer its SDK with 404s.
    expect(() => faultlineServices({ email: { baseUrl: 'https://api.sendgrid.com' } })).toThrow(
      /^faultline\/msw: the email base URL https:\/\/api.sendgrid.com is sendgrid's email API, which faultline\/msw does not play .*--vendors email=sendgrid/,
    )
    expect(() => faultlineServices({ payments: { baseUrl: 'https://api.resend.com' } })).toThrow(
      /give it as email.baseUrl$/,
    )
    expect(services.payments.pending()).toEqual([])
  })
})
