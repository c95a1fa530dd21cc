// docs/vendors.md S11 and R7: parameters the
// service refused as invalid are refused again
// by every path (same key, new key, no key, keys
// re-ordered, after a restart); other parameters
// are not. What a response fault's 400/422 does.
import { describe, expect, it } from 'vitest'
import { EmailService } from '../../mock-services/email/email.ts'
import { PaymentsService } from '../../mock-services/payments/payments.ts'
import type { Delivery } from '../../mock-services/service.ts'

const D: Delivery = { attempt: 1, call: 'r/s1' }
const NOW = 1_800_000_000_000

function payments(): PaymentsService {
  const p = new PaymentsService(() => NOW, { processingMs: 0 })
  p.seedPaymentIntent('pi_1', 10_000, 'eur')
  return p
}

const refund = (body: string, key: string | null) =>
  new Request('https://payments.test/v1/refunds', {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(key === null ? {} : { 'idempotency-key': key }),
    },
    body,
  })

const send = (body: string, key: string | null) =>
  new Request('https://email.test/emails', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(key === null ? {} : { 'idempotency-key': key }) },
    body,
  })

const REFUND = 'payment_intent=pi_1&amount=100&metadata[order]=A&metadata[op]=1'
const MESSAGE = { from: 'Shop <s@shop.test>', to: ['c@mail.test'], subject: 'Refund', text: 'Done.' }

describe('a refusal as invalid sticks to the parameters', () => {
  it('S11: Stripe — a 400 for these parameters is answered again with any key, none, or re-ordered; others go through', async () => {
    const p = payments()
    const first = await p.refuseAsInvalid(refund(REFUND, 'k1'))
    expect(first.status).toBe(400)
    const body = await first.json()
    expect(body).toMatchObject({ error: { type: 'invalid_request_error', code: 'parameter_invalid_integer' } })
    const again = [
      await p.handle(refund(REFUND, 'k1'), D),
      await p.handle(refund(REFUND, 'k2'), D),
      await p.handle(refund(REFUND, null), D),
      await p.handle(refund('metadata[op]=1&amount=100&metadata[order]=A&payment_intent=pi_1', 'k3'), D),
    ]
    p.restart()
    again.push(await p.handle(refund(REFUND, 'k1'), D))
    for (const r of again) {
      expect(r.status).toBe(400)
      expect(await r.json()).toEqual(body)
      expect(r.headers.get('idempotent-replayed')).toBeNull()
      expect(r.headers.get('request-id')).toMatch(/^req_/)
    }
    expect(p.ledger.entries).toEqual([])
    // Nothing kept under the keys: a refusal is not stored.
    expect(p.keys.size).toBe(0)
    const other = await p.handle(refund('payment_intent=pi_1&amount=99', 'k1'), D)
    expect(other.status).toBe(200)
    expect(p.ledger.entries).toHaveLength(1)
  })

  it('R7: Resend — a 422 for this payload is answered again with any key, none, or its fields re-ordered; others go through', async () => {
    const e = new EmailService(() => NOW, { processingMs: 0 })
    const first = await e.refuseAsInvalid(send(JSON.stringify(MESSAGE), 'e1'))
    expect(first.status).toBe(422)
    const body = await first.json()
    expect(body).toMatchObject({ statusCode: 422, name: 'validation_error' })
    const reordered = JSON.stringify({
      text: 'Done.',
      subject: 'Refund',
      to: ['c@mail.test'],
      from: 'Shop <s@shop.test>',
    })
    const again = [
      await e.handle(send(JSON.stringify(MESSAGE), 'e1'), D),
      await e.handle(send(JSON.stringify(MESSAGE), 'e2'), D),
      await e.handle(send(JSON.stringify(MESSAGE), null), D),
      await e.handle(send(reordered, 'e3'), D),
    ]
    e.restart()
    again.push(await e.handle(send(JSON.stringify(MESSAGE), 'e1'), D))
    for (const r of again) {
      expect(r.status).toBe(422)
      expect(await r.json()).toEqual(body)
      expect(r.headers.get('ratelimit-limit')).toBe('5')
    }
    expect(e.ledger.entries).toEqual([])
    expect(e.keys.size).toBe(0)
    const other = await e.handle(send(JSON.stringify({ ...MESSAGE, subject: 'Refund (fixed)' }), 'e1'), D)
    expect(other.status).toBe(200)
    expect(e.ledger.entries).toHaveLength(1)
  })

  it('a refusal is per service and per path: reads, another path and another service are untouched', async () => {
    const p = payments()
    await p.refuseAsInvalid(refund(REFUND, 'k1'))
    expect((await p.handle(new Request('https://payments.test/v1/refunds?payment_intent=pi_1'), D)).status).toBe(200)
    // The same form to another path: validated
    // there (no currency), not the refusal.
    const intent = await p.handle(
      new Request('https://payments.test/v1/payment_intents', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'idempotency-key': 'k9' },
        body: REFUND,
      }),
      D,
    )
    expect(await intent.json()).toMatchObject({ error: { code: 'parameter_missing', param: 'currency' } })
    expect((await payments().handle(refund(REFUND, 'k1'), D)).status).toBe(200)
  })
})
