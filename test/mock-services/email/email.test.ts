import { describe, expect, it } from 'vitest'
import { EmailService, type Email, type EmailMode, type EmailSettings } from '../../../mock-services/email/email.ts'
import { DAY_MS } from '../../../mock-services/idempotency/store.ts'
import type { Delivery } from '../../../mock-services/service.ts'

const BASE = 'https://email.test'
const D1: Delivery = { attempt: 1, call: 'r/s1' }
const D2: Delivery = { attempt: 2, call: 'r/s1' }
const NOW = 1_700_000_000_000

interface ResendErrorBody {
  statusCode: number
  name: string
  message: string
}
interface LookupBody {
  object: string
  has_more: boolean
  data: Email[]
}

const MESSAGE = {
  from: 'Shop <orders@shop.example>',
  to: ['ada@example.com'],
  subject: 'Your refund',
  text: 'We refunded 49.90 EUR.',
  tags: [{ name: 'client_reference', value: 'order-1' }],
}

function clock(start = NOW) {
  const c = { now: start, fn: () => c.now }
  return c
}

function send(body: unknown, key: string | null = 'k1'): Request {
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (key !== null) headers['idempotency-key'] = key
  return new Request(`${BASE}/emails`, {
    method: 'POST',
    headers,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
}
const get = (path: string) => new Request(`${BASE}${path}`)

function service(settings: Partial<EmailSettings> = {}, now: () => number = () => NOW): EmailService {
  return new EmailService(now, { processingMs: 0, ...settings })
}

async function idOf(res: Response): Promise<string> {
  expect(res.status).toBe(200)
  return ((await res.json()) as { id: string }).id
}

async function errorOf(res: Response): Promise<ResendErrorBody> {
  return (await res.json()) as ResendErrorBody
}

/** A hand-operated `pause`: requests wait in it. */
function manualPause() {
  const waiting: (() => void)[] = []
  const g = {
    hold: true,
    waiting,
    pause: () => (g.hold ? new Promise<void>((resolve) => waiting.push(resolve)) : Promise.resolve()),
    async reached(n: number) {
      for (let i = 0; i < 200 && waiting.length < n; i++) await new Promise((r) => setImmediate(r))
      expect(waiting.length).toBe(n)
    },
  }
  return g
}

describe('EmailService — sending', () => {
  it('POST /emails answers 200 { id } and records one email in the ledger, attributed to the delivery', async () => {
    const s = service()
    const res = await s.handle(send(MESSAGE), D1)
    expect(res.status).toBe(200)
    const body = (await res.json()) as Record<string, unknown>
    expect(Object.keys(body)).toEqual(['id'])
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/)
    expect(s.ledger.entries).toEqual([
      {
        seq: 0,
        at: NOW,
        service: 'email',
        type: 'email',
        id: body.id,
        amount: 0,
        attempt: 1,
        call: 'r/s1',
        target: null,
      },
    ])
  })

  it('accepts html instead of text, a single `to` string and a `Name <addr>` or bare from', async () => {
    const s = service()
    const id = await idOf(
      await s.handle(
        send({ from: 'orders@shop.example', to: 'ada@example.com', subject: 'Hi', html: '<p>Hi</p>' }, null),
        D1,
      ),
    )
    const email = (await (await s.handle(get(`/emails/${id}`), D1)).json()) as Email
    expect(email).toMatchObject({ to: ['ada@example.com'], html: '<p>Hi</p>', text: null, tags: [] })
  })

  it('without an Idempotency-Key every send is a new e-mail', async () => {
    const s = service()
    const a = await idOf(await s.handle(send(MESSAGE, null), D1))
    const b = await idOf(await s.handle(send(MESSAGE, null), D2))
    expect(a).not.toBe(b)
    expect(s.ledger.entries.map((e) => e.attempt)).toEqual([1, 2])
  })

  it('isMutation: POST sends, GET reads', () => {
    const s = service()
    expect(s.isMutation(send(MESSAGE))).toBe(true)
    expect(s.isMutation(get('/emails/x'))).toBe(false)
  })

  it('answers an unknown route with 404 not_found', async () => {
    const s = service()
    const res = await s.handle(new Request(`${BASE}/domains`), D1)
    expect(res.status).toBe(404)
    expect((await errorOf(res)).name).toBe('not_found')
  })
})

describe('EmailService — Idempotency-Key (Resend contract)', () => {
  it('same key and payload → the same id, no second e-mail', async () => {
    const s = service()
    const first = await idOf(await s.handle(send(MESSAGE), D1))
    const again = await idOf(await s.handle(send(MESSAGE), D2))
    expect(again).toBe(first)
    expect(s.ledger.entries).toHaveLength(1)
    expect(s.ledger.entries[0]?.attempt).toBe(1)
  })

  it('the payload fingerprint ignores object key order, also inside tags', async () => {
    const s = service()
    const first = await idOf(await s.handle(send(MESSAGE), D1))
    const reordered = {
      tags: [{ value: 'order-1', name: 'client_reference' }],
      text: MESSAGE.text,
      subject: MESSAGE.subject,
      to: MESSAGE.to,
      from: MESSAGE.from,
    }
    expect(JSON.stringify(reordered)).not.toBe(JSON.stringify(MESSAGE))
    expect(await idOf(await s.handle(send(reordered), D2))).toBe(first)
    expect(s.ledger.entries).toHaveLength(1)
  })

  it('same key with another payload → 409 invalid_idempotent_request, no effect; the first still replays', async () => {
    const s = service()
    const first = await idOf(await s.handle(send(MESSAGE), D1))
    const res = await s.handle(send({ ...MESSAGE, subject: 'Another subject' }), D2)
    expect(res.status).toBe(409)
    const err = await errorOf(res)
    expect(err).toMatchObject({ statusCode: 409, name: 'invalid_idempotent_request' })
    expect(typeof err.message).toBe('string')
    expect(err.message.length).toBeGreaterThan(0)
    expect(s.ledger.entries).toHaveLength(1)
    expect(await idOf(await s.handle(send(MESSAGE), D2))).toBe(first)
  })

  it('array order is part of the payload: other recipient order is a mismatch', async () => {
    const s = service()
    await idOf(await s.handle(send({ ...MESSAGE, to: ['a@example.com', 'b@example.com'] }), D1))
    const res = await s.handle(send({ ...MESSAGE, to: ['b@example.com', 'a@example.com'] }), D2)
    expect(res.status).toBe(409)
    expect((await errorOf(res)).name).toBe('invalid_idempotent_request')
  })

  it('same key while the first is in flight → 409 concurrent_idempotent_requests; then the first completes and replays', async () => {
    const g = manualPause()
    const s = service({ pause: g.pause })
    const first = s.handle(send(MESSAGE), D1)
    await g.reached(1)
    const dup = await s.handle(send(MESSAGE), D2)
    expect(dup.status).toBe(409)
    expect(await errorOf(dup)).toMatchObject({ statusCode: 409, name: 'concurrent_idempotent_requests' })
    expect(s.ledger.entries).toHaveLength(0)

    g.hold = false
    g.waiting[0]!()
    const id = await idOf(await first)
    expect(s.ledger.entries).toHaveLength(1)
    expect(await idOf(await s.handle(send(MESSAGE), D2))).toBe(id)
    expect(s.ledger.entries).toHaveLength(1)
  })

  it('another payload under a key in flight is a mismatch, not a concurrency conflict', async () => {
    const g = manualPause()
    const s = service({ pause: g.pause })
    const first = s.handle(send(MESSAGE), D1)
    await g.reached(1)
    const other = await s.handle(send({ ...MESSAGE, text: 'other' }), D2)
    expect(other.status).toBe(409)
    expect((await errorOf(other)).name).toBe('invalid_idempotent_request')
    g.waiting[0]!()
    await idOf(await first)
    expect(s.ledger.entries).toHaveLength(1)
  })

  it('accepts a key of 256 characters', async () => {
    const s = service()
    await idOf(await s.handle(send(MESSAGE, 'k'.repeat(256)), D1))
    expect(s.ledger.entries).toHaveLength(1)
  })

  it.each([
    ['257 characters', 'k'.repeat(257)],
    ['empty', ''],
  ])('rejects a key of %s with 400 invalid_idempotency_key and no effect', async (_label, key) => {
    const s = service()
    const res = await s.handle(send(MESSAGE, key), D1)
    expect(res.status).toBe(400)
    expect(await errorOf(res)).toMatchObject({ statusCode: 400, name: 'invalid_idempotency_key' })
    expect(s.ledger.entries).toHaveLength(0)
    expect(s.keys.size).toBe(0)
  })

  it('invalid JSON → 400 validation_error, nothing stored', async () => {
    const s = service()
    const res = await s.handle(send('{"from":'), D1)
    expect(res.status).toBe(400)
    expect((await errorOf(res)).name).toBe('validation_error')
    expect(s.keys.size).toBe(0)
    await idOf(await s.handle(send(MESSAGE), D2))
  })
})

describe('EmailService — validation errors are not stored under the key', () => {
  const { from: _f, ...noFrom } = MESSAGE
  const { to: _t, ...noTo } = MESSAGE
  const { subject: _s, ...noSubject } = MESSAGE
  const { text: _x, ...noBody } = MESSAGE
  const cases: [string, unknown, number, string][] = [
    ['missing from', noFrom, 422, 'missing_required_field'],
    ['empty from', { ...MESSAGE, from: '' }, 422, 'missing_required_field'],
    ['missing to', noTo, 422, 'missing_required_field'],
    ['missing subject', noSubject, 422, 'missing_required_field'],
    ['from without @', { ...MESSAGE, from: 'orders.shop.example' }, 422, 'invalid_from_address'],
    ['from without a domain dot', { ...MESSAGE, from: 'Shop <orders@localhost>' }, 422, 'invalid_from_address'],
    ['from not a string', { ...MESSAGE, from: 42 }, 422, 'invalid_from_address'],
    ['neither html nor text', noBody, 422, 'validation_error'],
    ['tags not an array', { ...MESSAGE, tags: { name: 'client_reference', value: 'x' } }, 422, 'validation_error'],
    [
      'tag name with a space',
      { ...MESSAGE, tags: [{ name: 'client reference', value: 'x' }] },
      422,
      'validation_error',
    ],
    [
      'tag value with a colon',
      { ...MESSAGE, tags: [{ name: 'client_reference', value: 'a:b' }] },
      422,
      'validation_error',
    ],
    [
      'tag value of 257 characters',
      { ...MESSAGE, tags: [{ name: 'client_reference', value: 'v'.repeat(257) }] },
      422,
      'validation_error',
    ],
    ['tag without a value', { ...MESSAGE, tags: [{ name: 'client_reference' }] }, 422, 'validation_error'],
    ['to an empty list', { ...MESSAGE, to: [] }, 422, 'validation_error'],
    [
      'to of 51 recipients',
      { ...MESSAGE, to: Array.from({ length: 51 }, (_, i) => `r${i}@example.com`) },
      422,
      'validation_error',
    ],
    ['body not an object', [MESSAGE], 422, 'validation_error'],
  ]

  it.each(cases)(
    '%s → %i %s; the corrected request with the same key then sends',
    async (_label, body, status, name) => {
      const s = service()
      const bad = await s.handle(send(body), D1)
      expect(bad.status).toBe(status)
      expect(await errorOf(bad)).toMatchObject({ statusCode: status, name })
      expect(s.ledger.entries).toHaveLength(0)
      expect(s.keys.size).toBe(0)

      const good = await s.handle(send(MESSAGE), D2)
      await idOf(good)
      expect(s.ledger.entries).toHaveLength(1)
      expect(s.ledger.entries[0]?.attempt).toBe(2)
    },
  )

  it('accepts a tag value of 256 characters', async () => {
    const s = service()
    await idOf(await s.handle(send({ ...MESSAGE, tags: [{ name: 'client_reference', value: 'v'.repeat(256) }] }), D1))
  })
})

describe('EmailService — reads', () => {
  it('GET /emails/:id returns the e-mail; an unknown id is 404 not_found', async () => {
    const s = service()
    const id = await idOf(await s.handle(send(MESSAGE), D1))
    const res = await s.handle(get(`/emails/${id}`), D1)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({
      object: 'email',
      id,
      from: MESSAGE.from,
      to: MESSAGE.to,
      subject: MESSAGE.subject,
      html: null,
      text: MESSAGE.text,
      tags: MESSAGE.tags,
      created_at: new Date(NOW).toISOString(),
      last_event: 'delivered',
    })

    const missing = await s.handle(get('/emails/00000000-0000-4000-8000-999999999999'), D1)
    expect(missing.status).toBe(404)
    expect(await errorOf(missing)).toMatchObject({ statusCode: 404, name: 'not_found' })
  })

  it('lookup by tag (the email-lookup profile) finds only the e-mails carrying exactly that tag, newest first', async () => {
    const s = service({ mode: 'idempotent+probe' })
    const tagged = (value: string, key: string, extra: { name: string; value: string }[] = []) =>
      s.handle(send({ ...MESSAGE, subject: key, tags: [...extra, { name: 'client_reference', value }] }, key), D1)
    const a1 = await idOf(await tagged('abc', 'k1'))
    await idOf(await tagged('abcd', 'k2')) // a longer value is another tag
    await idOf(await tagged('ab', 'k3'))
    await idOf(
      await s.handle(send({ ...MESSAGE, subject: 'k4', tags: [{ name: 'other_reference', value: 'abc' }] }, 'k4'), D1),
    )
    await idOf(await s.handle(send({ ...MESSAGE, subject: 'k5', tags: undefined }, 'k5'), D1))
    const a2 = await idOf(await tagged('abc', 'k6', [{ name: 'category', value: 'refund' }]))

    const res = await s.handle(get('/emails?tag=client_reference:abc'), D1)
    expect(res.status).toBe(200)
    const list = (await res.json()) as LookupBody
    expect(list.object).toBe('list')
    expect(list.has_more).toBe(false)
    expect(list.data.map((e) => e.id)).toEqual([a2, a1])
    expect(list.data.every((e) => e.tags.some((t) => t.name === 'client_reference' && t.value === 'abc'))).toBe(true)

    const none = (await (await s.handle(get('/emails?tag=client_reference:zzz'), D1)).json()) as LookupBody
    expect(none.data).toEqual([])
    expect(s.ledger.entries).toHaveLength(6) // reads add nothing
  })

  it.each(['/emails?tag=', '/emails?tag=client_reference', '/emails?tag=client_reference:', '/emails?tag=:abc'])(
    'lookup %s without a proper tag=name:value → 422 validation_error',
    async (path) => {
      const s = service({ mode: 'idempotent+probe' })
      const res = await s.handle(get(path), D1)
      expect(res.status).toBe(422)
      expect(await errorOf(res)).toMatchObject({ statusCode: 422, name: 'validation_error' })
    },
  )

  it("Resend's list (the default): newest first, a page at a time, no tags or bodies, and no filter — a tag is ignored", async () => {
    const s = service()
    const ids: string[] = []
    for (let i = 1; i <= 3; i++)
      ids.push(await idOf(await s.handle(send({ ...MESSAGE, subject: `m${i}` }, `k${i}`), D1)))
    const page = async (path: string) =>
      (await (await s.handle(get(path), D1)).json()) as {
        object: string
        has_more: boolean
        data: Record<string, unknown>[]
      }
    const all = await page('/emails?tag=client_reference:nothing-like-this')
    expect(all.data.map((e) => e.id)).toEqual([...ids].reverse())
    expect(all.data.every((e) => !('tags' in e) && !('text' in e) && !('html' in e))).toBe(true)
    const first = await page('/emails?limit=2')
    expect(first).toMatchObject({ object: 'list', has_more: true })
    expect(first.data.map((e) => e.id)).toEqual([ids[2], ids[1]])
    const next = await page(`/emails?limit=2&after=${ids[1]}`)
    expect(next).toMatchObject({ has_more: false })
    expect(next.data.map((e) => e.id)).toEqual([ids[0]])
    expect((await s.handle(get('/emails?limit=101'), D1)).status).toBe(422)
  })
})

describe('EmailService — modes', () => {
  it("'idempotent' is the default mode, as Resend: keys honoured, no lookup by reference", () => {
    expect(service().mode).toBe('idempotent')
  })

  it("'probe-only' ignores the key (two sends, two e-mails) but the lookup works", async () => {
    const s = service({ mode: 'probe-only' })
    const a = await idOf(await s.handle(send(MESSAGE), D1))
    const b = await idOf(await s.handle(send(MESSAGE), D2))
    expect(a).not.toBe(b)
    expect(s.ledger.entries).toHaveLength(2)
    expect(s.keys.size).toBe(0)
    const list = (await (await s.handle(get('/emails?tag=client_reference:order-1'), D1)).json()) as LookupBody
    expect(list.data.map((e) => e.id)).toEqual([b, a])
  })

  it("'probe-only' does not even validate the ignored key", async () => {
    const s = service({ mode: 'probe-only' })
    await idOf(await s.handle(send(MESSAGE, 'k'.repeat(300)), D1))
  })

  it("'neither' ignores the key, and a lookup gets only the plain list (no tags to match)", async () => {
    const s = service({ mode: 'neither' })
    const a = await idOf(await s.handle(send(MESSAGE), D1))
    const b = await idOf(await s.handle(send(MESSAGE), D2))
    expect(a).not.toBe(b)
    expect(s.ledger.entries).toHaveLength(2)
    const res = await s.handle(get('/emails?tag=client_reference:order-1'), D1)
    expect(res.status).toBe(200)
    const list = (await res.json()) as { data: Record<string, unknown>[] }
    expect(list.data.map((e) => e.id)).toEqual([b, a])
    expect(list.data.every((e) => !('tags' in e))).toBe(true)
  })

  it('an internal failure after receipt (a fault) sends nothing, answers 500, and keeps nothing under the key', async () => {
    const s = service()
    const failed = await s.handle(send(MESSAGE), { ...D1, internalError: true })
    expect(failed.status).toBe(500)
    expect(await errorOf(failed)).toMatchObject({ statusCode: 500, name: 'application_error' })
    expect(s.ledger.entries).toHaveLength(0)
    await idOf(await s.handle(send(MESSAGE), D2)) // the same key now sends: nothing was stored
    expect(s.ledger.entries).toHaveLength(1)
  })

  it("every answer carries Resend's rate-limit headers; its 429 also Retry-After", async () => {
    const s = service()
    const ok = await s.handle(send(MESSAGE), D1)
    expect(ok.headers.get('ratelimit-limit')).toBe('5')
    const limited = s.errorResponse('rate-limited', 3)
    expect(limited.status).toBe(429)
    expect(limited.headers.get('retry-after')).toBe('3')
    expect(await errorOf(limited)).toMatchObject({ name: 'rate_limit_exceeded' })
  })

  it.each<EmailMode>(['probe-only', 'neither'])("'%s' still validates the payload", async (mode) => {
    const s = service({ mode })
    const res = await s.handle(send({ ...MESSAGE, from: 'nope' }), D1)
    expect(res.status).toBe(422)
    expect(s.ledger.entries).toHaveLength(0)
  })
})

describe('EmailService — key expiry, restarts, visibility', () => {
  it('forgets a key after 24 h of injected time: the same key then sends a second e-mail', async () => {
    const c = clock()
    const s = service({}, c.fn)
    const first = await idOf(await s.handle(send(MESSAGE), D1))
    c.now += DAY_MS - 1
    expect(await idOf(await s.handle(send(MESSAGE), D2))).toBe(first)
    expect(s.ledger.entries).toHaveLength(1)
    c.now += 1
    const second = await idOf(await s.handle(send(MESSAGE), D2))
    expect(second).not.toBe(first)
    expect(s.ledger.entries).toHaveLength(2)
  })

  it("a 'durable' key store keeps a completed key across a restart: the retry replays", async () => {
    const s = service({ keyStore: 'durable' })
    const first = await idOf(await s.handle(send(MESSAGE), D1))
    s.restart()
    expect(await idOf(await s.handle(send(MESSAGE), D2))).toBe(first)
    expect(s.ledger.entries).toHaveLength(1)
    // and the payload is still checked
    expect((await s.handle(send({ ...MESSAGE, subject: 'x' }), D2)).status).toBe(409)
  })

  it("a 'volatile' key store loses the key in a restart: the same key sends a second e-mail", async () => {
    const s = service({ keyStore: 'volatile' })
    const first = await idOf(await s.handle(send(MESSAGE), D1))
    s.restart()
    expect(s.keys.size).toBe(0)
    const second = await idOf(await s.handle(send(MESSAGE), D2))
    expect(second).not.toBe(first)
    expect(s.ledger.entries).toHaveLength(2)
  })

  it('a restart drops the reservation of a request in flight: the retry with the same key is not answered 409', async () => {
    const g = manualPause()
    const s = service({ keyStore: 'durable', pause: g.pause })
    void s.handle(send(MESSAGE), D1) // dies with the restart
    await g.reached(1)
    s.restart()
    g.hold = false
    const retry = await s.handle(send(MESSAGE), D2)
    expect(retry.status).toBe(200)
    expect(s.ledger.entries.map((e) => e.attempt)).toEqual([2])
  })

  // Regression: a restart kills the send in flight;
  // it must not deliver afterwards.
  it('a send in flight across a restart does not deliver afterwards', async () => {
    const g = manualPause()
    const s = service({ keyStore: 'durable', pause: g.pause })
    const zombie = s.handle(send(MESSAGE), D1)
    await g.reached(1)
    s.restart()
    g.hold = false
    const retryId = await idOf(await s.handle(send(MESSAGE), D2))
    g.waiting[0]!()
    await zombie.catch(() => undefined)
    expect(s.ledger.entries.map((e) => e.attempt)).toEqual([2])
    expect(await idOf(await s.handle(send(MESSAGE), D2))).toBe(retryId)
  })

  it('with visibilityLagMs 5000 a lookup or GET right after the send misses it, and finds it 5000 ms later', async () => {
    const c = clock()
    const s = service({ visibilityLagMs: 5000 }, c.fn)
    const id = await idOf(await s.handle(send(MESSAGE), D1))
    const lookup = async () =>
      ((await (await s.handle(get('/emails?tag=client_reference:order-1'), D1)).json()) as LookupBody).data.map(
        (e) => e.id,
      )

    expect(await lookup()).toEqual([])
    expect((await s.handle(get(`/emails/${id}`), D1)).status).toBe(404)
    // the key knows it: a retry replays, no second e-mail
    expect(await idOf(await s.handle(send(MESSAGE), D2))).toBe(id)
    expect(s.ledger.entries).toHaveLength(1)

    c.now += 4999
    expect(await lookup()).toEqual([])
    expect((await s.handle(get(`/emails/${id}`), D1)).status).toBe(404)

    c.now += 1
    expect(await lookup()).toEqual([id])
    const res = await s.handle(get(`/emails/${id}`), D1)
    expect(res.status).toBe(200)
    expect(((await res.json()) as Email).id).toBe(id)
  })
})
