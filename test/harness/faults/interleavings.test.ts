// fast-check's scheduler orders a late request and
// its retry (same key and body), and two in-flight
// duplicates: in any order, one effect at most, and
// each reply is the result, its replay or a 409.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { PaymentsService } from '../../../mock-services/payments/payments.ts'

const body = 'payment_intent=pi_1&amount=4990&metadata[client_reference]=op-1'
const post = (key: string) =>
  new Request('https://payments.test/v1/refunds', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'idempotency-key': key },
    body,
  })

describe('interleavings under the scheduler', () => {
  it('a late arrival and its retry: at most one refund, whatever the order', async () => {
    const seen = { inFlight409: 0, replay: 0, originalFirst: 0, retryFirst: 0 }
    await fc.assert(
      fc.asyncProperty(fc.scheduler(), fc.integer({ min: 1, max: 4 }), async (s, retries) => {
        const payments = new PaymentsService(() => 0, {
          processingMs: 0,
          pause: () => s.schedule(Promise.resolve(), 'processing'),
        })
        payments.seedPaymentIntent('pi_1', 50_000, 'eur')
        // The held original and the retries race to the
        // service in any order.
        const sends = [0, ...Array.from({ length: retries }, (_, i) => i + 1)].map((i) =>
          s
            .schedule(Promise.resolve(i), i === 0 ? 'late original arrives' : `retry ${i} arrives`)
            .then(() => payments.handle(post('op-1'), { attempt: i + 1, call: 'r/s1' })),
        )
        await s.waitFor(Promise.all(sends))
        const replies = await Promise.all(
          sends.map(async (p) => {
            const r = await p
            return {
              status: r.status,
              replayed: r.headers.get('idempotent-replayed') === 'true',
              body: (await r.json()) as { id?: string; error?: { code?: string } },
            }
          }),
        )
        expect(payments.ledger.entries).toHaveLength(1)
        const id = payments.ledger.entries[0]!.id
        for (const r of replies) {
          if (r.status === 200) expect(r.body.id).toBe(id)
          else expect(r).toMatchObject({ status: 409, body: { error: { code: 'idempotency_key_in_use' } } })
        }
        expect(replies.filter((r) => r.status === 200 && !r.replayed)).toHaveLength(1)
        seen.inFlight409 += replies.filter((r) => r.status === 409).length
        seen.replay += replies.filter((r) => r.replayed).length
        if (payments.ledger.entries[0]!.attempt === 1) seen.originalFirst++
        else seen.retryFirst++
      }),
      { numRuns: 200 },
    )
    // It really explored: both orders, and both kinds
    // of duplicate reply.
    expect(Math.min(seen.inFlight409, seen.replay, seen.originalFirst, seen.retryFirst)).toBeGreaterThan(0)
  })

  it('two in-flight duplicates with a volatile store and a restart between them may both apply: the harness can show it', async () => {
    // Not a correct service's property: why the
    // generator keeps keys durable when a request may
    // arrive late (scenarios/arbitraries.ts).
    const payments = new PaymentsService(() => 0, { processingMs: 0, keyStore: 'volatile' })
    payments.seedPaymentIntent('pi_1', 50_000, 'eur')
    await payments.handle(post('op-1'), { attempt: 1, call: 'r/s1' })
    payments.restart()
    await payments.handle(post('op-1'), { attempt: 2, call: 'r/s1' })
    expect(payments.ledger.entries).toHaveLength(2)
  })
})
