// Each SendGrid fact the mock relies on (docs/
// vendors.md G1…G11), pinned: one test per fact,
// against the service as a run builds it, and
// @sendgrid/mail 8.1.6 where the fact is the SDK's.
import sgMail from '@sendgrid/mail'
import { describe, expect, it } from 'vitest'
import { mountServices } from '../../harness/sim/mount.ts'
import { serviceOfHost } from '../../harness/sim/vendor-hosts.ts'
import { SendgridService } from '../../mock-services/sendgrid/sendgrid.ts'
import { SENDGRID_VENDOR } from '../../mock-services/sendgrid/vendor.ts'
import type { Delivery } from '../../mock-services/service.ts'

const { MailService } = sgMail as unknown as { MailService: new () => typeof sgMail }
const D: Delivery = { attempt: 1, call: 'r/confirm' }
const NOW = 1_800_000_000_000
const KEY = 'Bearer SG.faultline.test'
const service = () =>
  SENDGRID_VENDOR.create(() => NOW, { processingMs: 0, visibilityLagMs: 0, keyStore: 'durable' }) as SendgridService
const MAIL = {
  personalizations: [{ to: [{ email: 'customer@mail.test' }] }],
  from: { email: 'support@shop.test', name: 'Support' },
  subject: 'Your refund',
  content: [{ type: 'text/plain', value: 'Refunded.' }],
  custom_args: { client_reference: 'op-1' },
}
const post = (body: unknown = MAIL, headers: Record<string, string> = { authorization: KEY }, path = '/v3/mail/send') =>
  new Request(`https://api.sendgrid.com${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })

describe('SendGrid, as the e-mail service plays it (docs/vendors.md)', () => {
  it('G1: a valid send answers 202 with an empty body and its id in X-Message-Id; queued is the effect', async () => {
    const s = service()
    const r = await s.handle(post(), D)
    expect(r.status).toBe(202)
    expect(await r.text()).toBe('')
    expect(r.headers.get('content-length')).toBe('0')
    const id = r.headers.get('x-message-id')
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/)
    expect(s.ledger.entries).toEqual([
      expect.objectContaining({ service: 'email', type: 'email', id, amount: 0, attempt: 1, call: 'r/confirm' }),
    ])
  })

  it('G2: no idempotency key: the same body twice, with or without a key header, is two e-mails', async () => {
    const s = service()
    const a = await s.handle(post(MAIL, { authorization: KEY, 'idempotency-key': 'k1' }), D)
    const b = await s.handle(post(MAIL, { authorization: KEY, 'idempotency-key': 'k1' }), { ...D, attempt: 2 })
    expect([a.status, b.status]).toEqual([202, 202])
    expect(a.headers.get('x-message-id')).not.toBe(b.headers.get('x-message-id'))
    expect(s.ledger.entries).toHaveLength(2)
    expect(SENDGRID_VENDOR.keyed).toBe(false)
    // A campaign never draws a 409 "key in use".
    expect(SENDGRID_VENDOR.answers).toEqual(['rate-limited', 'unavailable', 'validation'])
  })

  it('G3: a Bearer key is required: none → 401 authorization required; not Bearer → 401 grant invalid', async () => {
    const s = service()
    const none = await s.handle(post(MAIL, {}), D)
    expect(none.status).toBe(401)
    expect(await none.json()).toEqual({ errors: [{ message: 'authorization required', field: null, help: null }] })
    const basic = await s.handle(post(MAIL, { authorization: 'Basic dTpw' }), D)
    expect(basic.status).toBe(401)
    expect(await basic.json()).toEqual({
      errors: [
        { message: 'The provided authorization grant is invalid, expired, or revoked', field: null, help: null },
      ],
    })
    expect(s.ledger.entries).toEqual([])
  })

  it('G4: validation is a 400 listing every problem as { message, field, help }; a fault’s 400 sticks', async () => {
    const s = service()
    const bad = await s.handle(post({ ...MAIL, from: { email: 'nope' }, subject: '', content: [] }), D)
    expect(bad.status).toBe(400)
    const { errors } = (await bad.json()) as { errors: { message: string; field: string; help: string | null }[] }
    expect(errors.map((e) => e.field)).toEqual(['from.email', 'subject', 'content'])
    expect(errors[0]!.help).toBe('http://sendgrid.com/docs/API_Reference/Web_API_v3/Mail/errors.html#message.from')
    const refused = await s.refuseAsInvalid(post())
    expect(refused.status).toBe(400)
    // The same payload, fields re-ordered: refused again.
    const { custom_args, ...rest } = MAIL
    const again = await s.handle(post({ custom_args, ...rest }), D)
    expect(again.status).toBe(400)
    expect(s.ledger.entries).toEqual([])
  })

  it('G5: a 429 says "too many requests" with X-RateLimit-* (reset in epoch seconds), no Retry-After', async () => {
    const r = service().errorResponse('rate-limited', 7)
    expect(r.status).toBe(429)
    expect(r.headers.get('retry-after')).toBeNull()
    expect(r.headers.get('x-ratelimit-remaining')).toBe('0')
    expect(Number(r.headers.get('x-ratelimit-reset'))).toBe(NOW / 1_000 + 7)
    expect(await r.json()).toEqual({ errors: [{ message: 'too many requests', field: null, help: null }] })
    // A 202 carries none of them.
    expect((await service().handle(post(), D)).headers.get('x-ratelimit-limit')).toBeNull()
  })

  it('G6: its 500 and 503 are errors[] too; an internal failure queues nothing', async () => {
    const s = service()
    const failed = await s.handle(post(), { ...D, internalError: true })
    expect(failed.status).toBe(500)
    expect(await failed.json()).toEqual({ errors: [{ message: 'internal server error', field: null, help: null }] })
    expect(s.ledger.entries).toEqual([])
    const down = s.errorResponse('unavailable')
    expect(down.status).toBe(503)
    expect(((await down.json()) as { errors: unknown[] }).errors).toHaveLength(1)
  })

  it('G7: sandbox mode answers 200, not 202: valid, and never queued', async () => {
    const s = service()
    const r = await s.handle(post({ ...MAIL, mail_settings: { sandbox_mode: { enable: true } } }), D)
    expect(r.status).toBe(200)
    expect(await r.text()).toBe('')
    expect(s.ledger.entries).toEqual([])
  })

  it('G8: nothing to read back: the Email Activity API (a paid add-on) answers 400 authorization required', async () => {
    const s = service()
    await s.handle(post(), D)
    const get = new Request('https://api.sendgrid.com/v3/messages?limit=10&query=msg_id%3D%22x%22', {
      headers: { authorization: KEY },
    })
    expect(s.isMutation(get)).toBe(false)
    const r = await s.handle(get, D)
    expect(r.status).toBe(400)
    expect(await r.json()).toEqual({ errors: [{ message: 'authorization required', field: null, help: null }] })
  })

  it('G9: the SDK calls api.sendgrid.com, or api.eu.sendgrid.com for the EU; both reach the service', () => {
    const client = (m: typeof sgMail) => (m as unknown as { client: { defaultRequest: { baseUrl: string } } }).client
    const global = new MailService()
    global.setApiKey('SG.x')
    expect(client(global).defaultRequest.baseUrl).toBe('https://api.sendgrid.com/')
    const eu = new MailService()
    ;(client(eu) as unknown as { setDataResidency(r: string): void }).setDataResidency('eu')
    eu.setApiKey('SG.x')
    expect(client(eu).defaultRequest.baseUrl).toBe('https://api.eu.sendgrid.com/')
    expect(SENDGRID_VENDOR.hosts).toEqual(['api.sendgrid.com', 'api.eu.sendgrid.com'])
    expect(serviceOfHost('api.eu.sendgrid.com')).toEqual({ service: 'email', vendor: 'sendgrid' })
    // Twilio Email's host is another API: not simulated.
    expect(serviceOfHost('email.twilio.com')).toBeNull()
  })

  it('G10: the SDK makes one request per send, with no timeout, and rejects a 4xx/5xx as ResponseError', async () => {
    const s = new SendgridService(Date.now, { processingMs: 0 })
    const mounted = mountServices(
      [s],
      [{ kind: 'server-fails-before-apply', boundary: 'after-receipt', step: '*', send: 1, mode: '500' }],
    )
    try {
      const mail = new MailService()
      mail.setApiKey('SG.x')
      const timeout = (mail as unknown as { client: { createRequest(d: object): { timeout?: number } } }).client
      expect(timeout.createRequest({ method: 'POST', url: '/v3/mail/send' }).timeout).toBeUndefined()
      const e = (await mail
        .send({ to: 'customer@mail.test', from: 'support@shop.test', subject: 's', text: 't' })
        .catch((x: unknown) => x)) as { code: number; response: { body: unknown } }
      expect(e.code).toBe(500)
      expect(e.response.body).toEqual({ errors: [{ message: 'internal server error', field: null, help: null }] })
      expect(mounted.history.filter((h) => h.type === 'attempt-sent')).toHaveLength(1)
    } finally {
      mounted.unmount()
    }
  })

  it('G5: the 429 the SDK meets holds the client off until its X-RateLimit-Reset, in ms from then', async () => {
    const s = new SendgridService(Date.now, { processingMs: 0 })
    const mounted = mountServices(
      [s],
      [{ kind: 'error-response', boundary: 'response', step: '*', send: 1, status: 429, retryAfterS: 30 }],
    )
    try {
      const mail = new MailService()
      mail.setApiKey('SG.x')
      const e = (await mail
        .send({ to: 'customer@mail.test', from: 'support@shop.test', subject: 's', text: 't' })
        .catch((x: unknown) => x)) as { code: number }
      expect(e.code).toBe(429)
      const told = mounted.history.find((h) => h.type === 'answered')
      expect(told).toMatchObject({ status: 429, holdOffBy: 'x-ratelimit-reset' })
      const ms = (told as { retryAfterMs: number }).retryAfterMs
      expect(ms).toBeGreaterThan(29_000)
      expect(ms).toBeLessThanOrEqual(31_000)
    } finally {
      mounted.unmount()
    }
  })

  it('G11: at most 1000 recipients, custom args under 10000 bytes, at most 10 categories', async () => {
    const s = service()
    const many = Array.from({ length: 1_001 }, (_, i) => ({ email: `c${i}@mail.test` }))
    const fields = async (body: unknown) =>
      ((await (await s.handle(post(body), D)).json()) as { errors: { field: string }[] }).errors.map((e) => e.field)
    expect(await fields({ ...MAIL, personalizations: [{ to: many }] })).toEqual(['personalizations'])
    expect(await fields({ ...MAIL, custom_args: { big: 'x'.repeat(10_000) } })).toEqual(['custom_args'])
    expect(await fields({ ...MAIL, categories: Array.from({ length: 11 }, (_, i) => `c${i}`) })).toEqual(['categories'])
    expect(s.ledger.entries).toEqual([])
  })
})
