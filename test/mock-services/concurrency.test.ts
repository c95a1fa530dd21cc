// Concurrent duplicates under one idempotency key,
// fast-check's scheduler choosing every order of
// starts and pauses; seed and schedule printed on
// failure.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { EmailService } from '../../mock-services/email/email.ts'
import { PaymentsService, type Refund } from '../../mock-services/payments/payments.ts'
import type { MockService } from '../../mock-services/service.ts'

const NOW = 1_700_000_000_000
const RUNS = { numRuns: 100 }

interface Reply {
  readonly status: number
  readonly replayed: string | null
  readonly body: Record<string, unknown>
  /** What the request asked for (amount or subject). */
  readonly asked: string
}

/**
 * Start each request when the scheduler says, then
 * wait for all replies: waitFor covers a request that
 * reaches its pause after waitAll found the queue empty.
 */
async function race(
  s: fc.Scheduler,
  service: MockService,
  requests: { make: () => Request; asked: string }[],
): Promise<Reply[]> {
  const started = requests.map(({ make, asked }, i) =>
    s.schedule(Promise.resolve(i), `start #${i} (${asked})`).then(async () => {
      const res = await service.handle(make(), { attempt: i + 1, call: 'r/s1' })
      return {
        status: res.status,
        replayed: res.headers.get('idempotent-replayed'),
        body: (await res.json()) as Record<string, unknown>,
        asked,
      }
    }),
  )
  await s.waitAll()
  return s.waitFor(Promise.all(started))
}

function payments(s: fc.Scheduler): PaymentsService {
  const p = new PaymentsService(() => NOW, { processingMs: 0, pause: () => s.schedule(Promise.resolve(), 'pause') })
  p.seedPaymentIntent('pi_1', 10_000, 'eur')
  return p
}

const refundRequest = (amount: number) => ({
  asked: String(amount),
  make: () =>
    new Request('https://payments.test/v1/refunds', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'idempotency-key': 'same-key' },
      body: `payment_intent=pi_1&amount=${amount}`,
    }),
})

function email(s: fc.Scheduler): EmailService {
  return new EmailService(() => NOW, { processingMs: 0, pause: () => s.schedule(Promise.resolve(), 'pause') })
}

const emailRequest = (subject: string) => ({
  asked: subject,
  make: () =>
    new Request('https://email.test/emails', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': 'same-key' },
      body: JSON.stringify({
        from: 'shop@shop.example',
        to: ['ada@example.com'],
        subject,
        text: 'hello',
        tags: [{ name: 'client_reference', value: 'c1' }],
      }),
    }),
})

/** A reply's kind, to check every interleaving happened. */
function kind(r: Reply): string {
  if (r.status === 200) return r.replayed === 'true' ? 'replay' : '200'
  const b = r.body as { name?: string; error?: { code?: string; type?: string } }
  return `${r.status} ${b.name ?? b.error?.code ?? b.error?.type}`
}

const errorCode = (r: Reply) => (r.body.error as { code?: string; type?: string } | undefined) ?? {}

describe('PaymentsService — concurrent duplicates under one key', () => {
  it('same parameters: exactly one refund; replies are the first 200, replays of it, or 409 idempotency_key_in_use', async () => {
    const seen = new Set<string>()
    await fc.assert(
      fc.asyncProperty(fc.scheduler(), fc.integer({ min: 2, max: 5 }), async (s, n) => {
        const service = payments(s)
        const replies = await race(
          s,
          service,
          Array.from({ length: n }, () => refundRequest(100)),
        )
        for (const r of replies) seen.add(kind(r))
        // The first to reserve the key always completes
        // (100 of 10 000 refundable): one effect, a 200.
        expect(service.ledger.entries).toHaveLength(1)
        const effect = service.ledger.entries[0]!
        const ok = replies.filter((r) => r.status === 200)
        expect(ok.length).toBeGreaterThanOrEqual(1)
        expect(ok.filter((r) => r.replayed === null)).toHaveLength(1)
        for (const r of ok) expect((r.body as unknown as Refund).id).toBe(effect.id)
        for (const r of replies) {
          if (r.status === 200) expect([null, 'true']).toContain(r.replayed)
          else {
            expect(r.status).toBe(409)
            expect(errorCode(r)).toMatchObject({ type: 'invalid_request_error', code: 'idempotency_key_in_use' })
          }
        }
        // once all is done the key replays
        const after = await service.handle(refundRequest(100).make(), { attempt: 99, call: 'r/s1' })
        expect(after.headers.get('idempotent-replayed')).toBe('true')
        expect(((await after.json()) as Refund).id).toBe(effect.id)
      }),
      RUNS,
    )
    // both kinds of duplicate happened: in flight, and
    // after completion
    expect([...seen].sort()).toEqual(['200', '409 idempotency_key_in_use', 'replay'])
  })

  it('mixed parameters under one key: still one refund; others get a replay, 409 or 400 idempotency_error', async () => {
    const seen = new Set<string>()
    await fc.assert(
      fc.asyncProperty(
        fc.scheduler(),
        fc.array(fc.constantFrom(100, 200, 300), { minLength: 2, maxLength: 5 }),
        async (s, amounts) => {
          const service = payments(s)
          const replies = await race(s, service, amounts.map(refundRequest))
          for (const r of replies) seen.add(kind(r))
          expect(service.ledger.entries).toHaveLength(1)
          const effect = service.ledger.entries[0]!
          const ok = replies.filter((r) => r.status === 200)
          expect(ok.length).toBeGreaterThanOrEqual(1)
          expect(ok.filter((r) => r.replayed === null)).toHaveLength(1)
          for (const r of ok) {
            expect((r.body as unknown as Refund).id).toBe(effect.id)
            expect(r.asked).toBe(String(effect.amount)) // only the winner's parameters get its result
          }
          for (const r of replies) {
            if (r.status === 200) continue
            if (r.status === 409) {
              expect(errorCode(r).code).toBe('idempotency_key_in_use')
              expect(r.asked).toBe(String(effect.amount))
            } else {
              expect(r.status).toBe(400)
              expect(errorCode(r).type).toBe('idempotency_error')
              expect(r.asked).not.toBe(String(effect.amount))
            }
          }
        },
      ),
      RUNS,
    )
    expect([...seen].sort()).toEqual(['200', '400 idempotency_error', '409 idempotency_key_in_use', 'replay'])
  })
})

describe('EmailService — concurrent duplicates under one key', () => {
  it('same payload: exactly one e-mail; replies are 200 with one id or 409 concurrent_idempotent_requests', async () => {
    const seen = new Set<string>()
    await fc.assert(
      fc.asyncProperty(fc.scheduler(), fc.integer({ min: 2, max: 5 }), async (s, n) => {
        const service = email(s)
        const replies = await race(
          s,
          service,
          Array.from({ length: n }, () => emailRequest('Your refund')),
        )
        for (const r of replies) seen.add(kind(r))
        expect(service.ledger.entries).toHaveLength(1)
        const sent = service.ledger.entries[0]!
        const ok = replies.filter((r) => r.status === 200)
        expect(ok.length).toBeGreaterThanOrEqual(1)
        for (const r of ok) expect(r.body).toEqual({ id: sent.id })
        for (const r of replies) {
          if (r.status === 200) continue
          expect(r.status).toBe(409)
          expect(r.body).toMatchObject({ statusCode: 409, name: 'concurrent_idempotent_requests' })
        }
      }),
      RUNS,
    )
    // Resend marks no replay: a replay is another 200
    // with the same id
    expect([...seen].sort()).toEqual(['200', '409 concurrent_idempotent_requests'])
  })

  it('mixed payloads under one key: still one e-mail; others get 200 with its id or 409 (concurrent or invalid_idempotent_request)', async () => {
    const seen = new Set<string>()
    await fc.assert(
      fc.asyncProperty(
        fc.scheduler(),
        fc.array(fc.constantFrom('A', 'B', 'C'), { minLength: 2, maxLength: 5 }),
        async (s, subjects) => {
          const service = email(s)
          const replies = await race(s, service, subjects.map(emailRequest))
          for (const r of replies) seen.add(kind(r))
          expect(service.ledger.entries).toHaveLength(1)
          const sent = service.ledger.entries[0]!
          const ok = replies.filter((r) => r.status === 200)
          expect(ok.length).toBeGreaterThanOrEqual(1)
          const winner = ok[0]!.asked
          for (const r of ok) {
            expect(r.body).toEqual({ id: sent.id })
            expect(r.asked).toBe(winner)
          }
          for (const r of replies) {
            if (r.status === 200) continue
            expect(r.status).toBe(409)
            const name = (r.body as { name: string }).name
            if (r.asked === winner) expect(name).toBe('concurrent_idempotent_requests')
            else expect(name).toBe('invalid_idempotent_request')
          }
        },
      ),
      RUNS,
    )
    expect([...seen].sort()).toEqual(['200', '409 concurrent_idempotent_requests', '409 invalid_idempotent_request'])
  })
})
