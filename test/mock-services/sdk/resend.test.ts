// The official resend SDK against the mock e-mail
// service: in-process via msw, and over loopback.
import { Resend } from 'resend'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { EmailService } from '../../../mock-services/email/email.ts'
import { serveLoopback, type LoopbackServer } from '../../../mock-services/server/loopback.ts'
import { mountServices, type Mounted } from '../../../harness/sim/mount.ts'

const message = {
  from: 'Shop <support@shop.test>',
  to: ['customer@mail.test'],
  subject: 'Your refund of 49.90 EUR',
  text: 'We have refunded order ORD-1042.',
  tags: [{ name: 'client_reference', value: 'op-1' }],
}

async function contract(resend: Resend, email: EmailService) {
  const first = await resend.emails.send(message, { idempotencyKey: 'confirm-ORD-1042' })
  expect(first.error).toBeNull()
  const id = first.data!.id

  // Same key and payload: the same e-mail, not another.
  const again = await resend.emails.send(message, { idempotencyKey: 'confirm-ORD-1042' })
  expect(again.error).toBeNull()
  expect(again.data!.id).toBe(id)
  expect(email.ledger.entries).toHaveLength(1)

  // The same key with another payload: Resend's 409.
  const mismatch = await resend.emails.send(
    { ...message, subject: 'Something else' },
    { idempotencyKey: 'confirm-ORD-1042' },
  )
  expect(mismatch.data).toBeNull()
  expect(mismatch.error).toMatchObject({ name: 'invalid_idempotent_request', statusCode: 409 })

  // A key longer than 256 characters: 400.
  const longKey = await resend.emails.send(message, { idempotencyKey: 'k'.repeat(257) })
  expect(longKey.error).toMatchObject({ name: 'invalid_idempotency_key', statusCode: 400 })

  // Read it back.
  const got = await resend.emails.get(id)
  expect(got.error).toBeNull()
  expect(got.data).toMatchObject({ object: 'email', id, subject: message.subject, to: message.to })

  // A validation error, as Resend words it.
  const invalid = await resend.emails.send({ ...message, from: 'not an address' })
  expect(invalid.error).toMatchObject({ name: 'invalid_from_address', statusCode: 422 })
  expect(email.ledger.entries).toHaveLength(1)
}

describe('resend SDK in-process through msw', () => {
  let mounted: Mounted
  let email: EmailService
  beforeEach(() => {
    email = new EmailService(Date.now, { processingMs: 0 })
    mounted = mountServices([email])
  })
  afterEach(() => mounted.unmount())

  it('sends with an idempotency key, replays it, and answers a mismatch with 409', async () => {
    await contract(new Resend('re_test_faultline', { baseUrl: 'https://email.test' }), email)
    expect(mounted.history.filter((e) => e.type === 'effect-applied')).toHaveLength(1)
  })
})

describe('resend SDK over a real loopback socket', () => {
  let server: LoopbackServer
  let email: EmailService
  beforeEach(async () => {
    email = new EmailService(Date.now, { processingMs: 0 })
    server = await serveLoopback([email])
  })
  afterEach(() => server.close())

  it('behaves the same against the socket server', async () => {
    await contract(new Resend('re_test_faultline', { baseUrl: server.urls.email! }), email)
  })
})
