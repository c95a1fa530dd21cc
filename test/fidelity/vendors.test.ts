// Each vendor fact the mocks rely on (docs/
// vendors.md), pinned: one test per numbered fact,
// against the services as a default run builds them,
// and the real SDKs where the fact is the SDK's.
import { Resend } from 'resend'
import Stripe from 'stripe'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { EmailService } from '../../mock-services/email/email.ts'
import { PaymentsService } from '../../mock-services/payments/payments.ts'
import type { Delivery } from '../../mock-services/service.ts'
import { mountServices, type Mounted } from '../../harness/sim/mount.ts'
import { parseScenario } from '../../harness/scenario/scenario.ts'
import { refundScenario } from '../support/scenario.ts'

const D: Delivery = { attempt: 1, call: 'r/s1' }
const NOW = 1_800_000_000_000
const payments = (settings: ConstructorParameters<typeof PaymentsService>[1] = {}) => {
  const p = new PaymentsService(() => NOW, { processingMs: 0, ...settings })
  p.seedPaymentIntent('pi_1', 10_000, 'eur')
  return p
}
const email = (settings: ConstructorParameters<typeof EmailService>[1] = {}) =>
  new EmailService(() => NOW, { processingMs: 0, ...settings })
const refund = (
  body = 'payment_intent=pi_1&amount=100',
  key: string | null = 'k1',
  extra: Record<string, string> = {},
) =>
  new Request('https://payments.test/v1/refunds', {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(key ? { 'idempotency-key': key } : {}),
      ...extra,
    },
    body,
  })
const MESSAGE = {
  from: 'Shop <support@shop.test>',
  to: ['customer@mail.test'],
  subject: 'Your refund',
  text: 'Refunded.',
  tags: [{ name: 'client_reference', value: 'op-1' }],
}
const sendEmail = (key: string | null = 'e1', body: unknown = MESSAGE) =>
  new Request('https://email.test/emails', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(key ? { 'idempotency-key': key } : {}) },
    body: JSON.stringify(body),
  })

/** The service, noting each request's URL. */
function recording<S extends PaymentsService | EmailService>(service: S, urls: string[]) {
  return {
    ledger: service.ledger,
    isMutation: service.isMutation.bind(service),
    restart: service.restart.bind(service),
    errorResponse: service.errorResponse.bind(service),
    handle: (r: Request, d: Delivery) => (urls.push(r.url), service.handle(r, d)),
  }
}

let mounted: Mounted | null = null
afterEach(() => {
  mounted?.unmount()
  mounted = null
})

describe('Stripe (docs/vendors.md S1–S10)', () => {
  it('S1: no Retry-After on 429 or 503 — only with the stripe-retry-after profile', () => {
    const p = payments()
    expect(p.errorResponse('rate-limited', 5).headers.get('retry-after')).toBeNull()
    expect(p.errorResponse('unavailable', 5).headers.get('retry-after')).toBeNull()
    expect(payments({ retryAfterOnErrors: true }).errorResponse('rate-limited', 5).headers.get('retry-after')).toBe('5')
  })

  it('S2: a rate-limited 429 names its limiter in Stripe-Rate-Limited-Reason; rate_limit in the body', async () => {
    const r = payments().errorResponse('rate-limited')
    expect(r.status).toBe(429)
    expect(r.headers.get('stripe-rate-limited-reason')).toBe('endpoint-rate')
    expect(await r.json()).toMatchObject({ error: { type: 'invalid_request_error', code: 'rate_limit' } })
  })

  it('S3: no Stripe-Should-Retry on 429, 503 or 409, so stripe-node decides by status: it retries 503 and 409, not 429', async () => {
    const p = payments()
    for (const kind of ['rate-limited', 'unavailable', 'key-in-use'] as const)
      expect(p.errorResponse(kind).headers.get('stripe-should-retry')).toBeNull()
    // stripe-node at its defaults: attempts seen by a
    // service that always answers that error.
    const attempts = async (status: 429 | 503 | 409) => {
      const service = payments()
      let n = 0
      const answering = {
        ...service,
        name: 'payments',
        ledger: service.ledger,
        isMutation: () => true,
        restart: () => {},
        errorResponse: service.errorResponse.bind(service),
        handle: async () => (
          n++, service.errorResponse(status === 429 ? 'rate-limited' : status === 503 ? 'unavailable' : 'key-in-use')
        ),
      }
      mounted = mountServices([answering])
      const stripe = new Stripe('sk_test_x', { host: 'payments.test', port: 443, protocol: 'https', telemetry: false })
      await stripe.refunds.create({ payment_intent: 'pi_1', amount: 100 }).catch(() => {})
      mounted.unmount()
      mounted = null
      return n
    }
    expect(await attempts(429)).toBe(1)
    expect(await attempts(503)).toBe(3)
    expect(await attempts(409)).toBe(3)
  }, 20_000)

  it('S4: a stored 500 says Stripe-Should-Retry: false, first time and on replay', async () => {
    const p = payments()
    const first = await p.handle(refund(), { ...D, internalError: true })
    const replay = await p.handle(refund(), D)
    expect([first.status, first.headers.get('stripe-should-retry')]).toEqual([500, 'false'])
    expect([
      replay.status,
      replay.headers.get('stripe-should-retry'),
      replay.headers.get('idempotent-replayed'),
    ]).toEqual([500, 'false', 'true'])
  })

  it('S5: every answer carries a request id — success, error, replay, and errors a fault makes', async () => {
    const p = payments()
    const answers = [
      await p.handle(refund(), D),
      await p.handle(refund(), D),
      await p.handle(refund('payment_intent=pi_1&amount=-1', 'k2'), D),
      p.errorResponse('rate-limited'),
      p.errorResponse('unavailable'),
      p.errorResponse('validation'),
    ]
    for (const a of answers) expect(a.headers.get('request-id')).toMatch(/^req_/)
    expect(new Set(answers.map((a) => a.headers.get('request-id'))).size).toBe(answers.length)
  })

  it('S6: keys — 255 characters at most, replayed with Idempotent-Replayed, 400 idempotency_error for other parameters, validation failures not stored', async () => {
    const p = payments()
    expect((await p.handle(refund(undefined, 'k'.repeat(256)), D)).status).toBe(400)
    expect((await p.handle(refund(undefined, 'k'.repeat(255)), D)).status).toBe(200)
    const bad = await p.handle(refund('payment_intent=pi_1&amount=0', 'v1'), D)
    expect(bad.status).toBe(400)
    expect(
      (await p.handle(refund('payment_intent=pi_1&amount=0', 'v1'), D)).headers.get('idempotent-replayed'),
    ).toBeNull() // not stored: evaluated again
    expect((await p.handle(refund(), D)).status).toBe(200)
    expect((await p.handle(refund(), D)).headers.get('idempotent-replayed')).toBe('true')
    const other = await p.handle(refund('payment_intent=pi_1&amount=200'), D)
    expect(other.status).toBe(400)
    expect(await other.json()).toMatchObject({ error: { type: 'idempotency_error' } })
  })

  it('S7: keys are kept across restarts by default (durable); forgetting them needs the volatile-keys profile', async () => {
    const p = payments()
    await p.handle(refund(), D)
    p.restart()
    expect((await p.handle(refund(), D)).headers.get('idempotent-replayed')).toBe('true')
    const volatile = parseScenario(
      refundScenario({ services: { payments: { processingMs: 20, keyStore: 'volatile', paymentIntents: [] } } }),
    )
    expect(volatile).toEqual({ ok: false, problem: expect.stringContaining('add "volatile-keys" to "profile"') })
    expect(
      parseScenario(
        refundScenario({
          profile: ['volatile-keys'],
          services: { payments: { processingMs: 20, keyStore: 'volatile', paymentIntents: [] } },
        }),
      ).ok,
    ).toBe(true)
  })

  it('S8: a forwarded deadline is ignored unless the profile says otherwise', async () => {
    const late = { 'x-request-deadline': String(NOW - 1) }
    expect((await payments().handle(refund(undefined, 'd1', late), D)).status).toBe(200)
    expect((await payments({ honoursDeadline: true }).handle(refund(undefined, 'd1', late), D)).status).toBe(408)
  })

  it('S9: stripe-node at its defaults retries twice, with one Idempotency-Key on every attempt', async () => {
    const service = payments()
    const keys: (string | null)[] = []
    const answering = {
      ...service,
      name: 'payments',
      ledger: service.ledger,
      isMutation: () => true,
      restart: () => {},
      errorResponse: service.errorResponse.bind(service),
      handle: async (r: Request) => (keys.push(r.headers.get('idempotency-key')), service.errorResponse('unavailable')),
    }
    mounted = mountServices([answering])
    const stripe = new Stripe('sk_test_x', { host: 'payments.test', port: 443, protocol: 'https', telemetry: false })
    await stripe.refunds.create({ payment_intent: 'pi_1', amount: 100 }).catch(() => {})
    expect(keys).toHaveLength(3)
    expect(new Set(keys).size).toBe(1)
    expect(keys[0]).toMatch(/^stripe-node-retry-/)
  }, 20_000)

  it('S10: new Stripe(key) calls https://api.stripe.com/v1/, which the payments mock answers', async () => {
    const service = payments()
    const urls: string[] = []
    mounted = mountServices([{ ...recording(service, urls), name: 'payments' }])
    const refund = await new Stripe('sk_test_x').refunds.create({ payment_intent: 'pi_1', amount: 100 })
    expect(refund.amount).toBe(100)
    expect(urls).toEqual(['https://api.stripe.com/v1/refunds'])
    expect(service.ledger.entries).toHaveLength(1)
  })
})

describe('Resend (docs/vendors.md R1–R6)', () => {
  it('R1: keys 1–256 characters, kept; another payload → 409 invalid_idempotent_request', async () => {
    const e = email()
    expect((await e.handle(sendEmail('k'.repeat(257)), D)).status).toBe(400)
    const first = (await (await e.handle(sendEmail(), D)).json()) as { id: string }
    const again = (await (await e.handle(sendEmail(), D)).json()) as { id: string }
    expect(again.id).toBe(first.id)
    const other = await e.handle(sendEmail('e1', { ...MESSAGE, subject: 'other' }), D)
    expect(other.status).toBe(409)
    expect(await other.json()).toMatchObject({ name: 'invalid_idempotent_request' })
    expect(e.ledger.entries).toHaveLength(1)
  })

  it('R2: the 429 carries Retry-After, and every answer the ratelimit-* headers', async () => {
    const e = email()
    const limited = e.errorResponse('rate-limited', 2)
    expect([limited.status, limited.headers.get('retry-after')]).toEqual([429, '2'])
    const ok = await e.handle(sendEmail(), D)
    for (const h of ['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset'])
      expect(ok.headers.get(h)).not.toBeNull()
  })

  it('R3: 503 service_unavailable; an internal failure is a 500 application_error and sends nothing', async () => {
    const e = email()
    expect(await e.errorResponse('unavailable').json()).toEqual({
      statusCode: 503,
      name: 'service_unavailable',
      message: 'API is temporarily unavailable',
    })
    const failed = await e.handle(sendEmail(), { ...D, internalError: true })
    expect(failed.status).toBe(500)
    expect(e.ledger.entries).toHaveLength(0)
  })

  it('R4: no lookup by client reference — the list ignores a tag and shows no tags', async () => {
    const e = email()
    await e.handle(sendEmail(), D)
    const list = (await (
      await e.handle(new Request('https://email.test/emails?tag=client_reference:nothing'), D)
    ).json()) as { data: Record<string, unknown>[] }
    expect(list.data).toHaveLength(1)
    expect(list.data[0]).not.toHaveProperty('tags')
  })

  it('R5: the resend SDK makes one request per call and returns errors as values', async () => {
    const service = email()
    let n = 0
    const answering = {
      ...service,
      name: 'email',
      ledger: service.ledger,
      isMutation: () => true,
      restart: () => {},
      errorResponse: service.errorResponse.bind(service),
      handle: async () => (n++, service.errorResponse('unavailable')),
    }
    mounted = mountServices([answering])
    const resend = new Resend('re_test', { baseUrl: 'https://email.test' } as never)
    const result = await resend.emails.send(MESSAGE, { idempotencyKey: 'e1' })
    expect(n).toBe(1)
    expect(result.data).toBeNull()
    expect(result.error).toMatchObject({ name: 'service_unavailable', statusCode: 503 })
  })

  it('R6: new Resend(key) calls https://api.resend.com, or RESEND_BASE_URL when set at construction', async () => {
    const service = email()
    const urls: string[] = []
    mounted = mountServices([{ ...recording(service, urls), name: 'email' }])
    const first = await new Resend('re_test').emails.send(MESSAGE)
    expect(first.error).toBeNull()
    vi.stubEnv('RESEND_BASE_URL', 'https://email.test')
    try {
      const redirected = new Resend('re_test')
      vi.unstubAllEnvs()
      expect((await redirected.emails.send(MESSAGE)).error).toBeNull()
    } finally {
      vi.unstubAllEnvs()
    }
    expect(urls).toEqual(['https://api.resend.com/emails', 'https://email.test/emails'])
    expect(service.ledger.entries).toHaveLength(2)
  })
})
