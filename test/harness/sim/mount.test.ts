import { describe, expect, it } from 'vitest'
import { mountServices } from '../../../harness/sim/mount.ts'
import { PaymentsService } from '../../../mock-services/payments/payments.ts'

describe('mountServices', () => {
  it('serves the mocks in-process, injects faults as a run would, and undoes its patches', async () => {
    const fetchBefore = globalThis.fetch
    const payments = new PaymentsService(Date.now, { processingMs: 0 })
    payments.seedPaymentIntent('pi_1', 10_000, 'eur')
    const mounted = mountServices(
      [payments],
      [{ kind: 'connection-refused', boundary: 'before-send', step: '*', send: 1 }],
    )
    try {
      const post = () =>
        fetch('https://payments.test/v1/refunds', {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: 'payment_intent=pi_1&amount=100',
        })
      const refused = await post().catch((e: unknown) => e as TypeError & { cause?: { code?: string } })
      expect(refused).toBeInstanceOf(TypeError)
      expect((refused as TypeError).message).toBe('fetch failed')
      expect((refused as { cause?: { code?: string } }).cause?.code).toBe('ECONNREFUSED')
      expect((await post()).status).toBe(200)
      expect(payments.ledger.entries).toHaveLength(1)
      expect(mounted.history.filter((e) => e.type === 'fault-injected')).toHaveLength(1)
    } finally {
      mounted.unmount()
    }
    expect(globalThis.fetch).toBe(fetchBefore)
  })
})
