// The payment records as plain maps: the order,
// ids and lookups the @mswjs/data tables gave.
import { describe, expect, it } from 'vitest'
import { PaymentsStore } from '../../../mock-services/payments/store.ts'

const intent = (id: string, visibleAt = 0) => ({
  id,
  amount: 1000,
  currency: 'eur',
  status: 'succeeded' as const,
  metadata: { order: id },
  created: 1,
  visibleAt,
})
const refund = (id: string, paymentIntent: string, amount: number, visibleAt = 0) => ({
  id,
  amount,
  paymentIntent,
  reason: null,
  metadata: {},
  created: 2,
  visibleAt,
})

describe('PaymentsStore', () => {
  it('lists newest first, visible only, and finds by id', () => {
    const store = new PaymentsStore()
    store.createIntent(intent('pi_1'))
    store.createIntent(intent('pi_2', 50))
    store.createIntent(intent('pi_3'))
    expect(store.intents((at) => at <= 10).map((i) => i.id)).toEqual(['pi_3', 'pi_1'])
    expect(store.intent('pi_2')).toMatchObject({ id: 'pi_2', amount_received: 1000, metadata: { order: 'pi_2' } })
    expect(store.intent('pi_9')).toBeNull()
    expect(store.intentVisibleAt('pi_2')).toBe(50)
    expect(store.intentVisibleAt('pi_9')).toBeNull()
  })

  it('refunds: the amount left, by intent or all, newest first', () => {
    const store = new PaymentsStore()
    store.createIntent(intent('pi_1'))
    store.createIntent(intent('pi_2'))
    const r = store.createRefund(refund('re_1', 'pi_1', 300))
    store.createRefund(refund('re_2', 'pi_2', 100))
    store.createRefund(refund('re_3', 'pi_1', 200, 99))
    expect(r).toMatchObject({ charge: 'ch_1', currency: 'eur', reason: null, payment_intent: 'pi_1' })
    expect(store.refundable('pi_1')).toBe(500)
    expect(store.refundable('pi_9')).toBe(0)
    expect(store.refunds('pi_1', () => true).map((x) => x.id)).toEqual(['re_3', 're_1'])
    expect(store.refunds(null, (at) => at === 0).map((x) => x.id)).toEqual(['re_2', 're_1'])
    expect(store.refund('re_3')?.visibleAt).toBe(99)
    expect(() => store.createRefund(refund('re_4', 'pi_9', 1))).toThrow('no payment intent pi_9')
  })

  it('refuses a taken id, as @mswjs/data did', () => {
    const store = new PaymentsStore()
    store.createIntent(intent('pi_1'))
    expect(() => store.createIntent(intent('pi_1'))).toThrow(
      'Failed to create a "paymentIntent" entity: an entity with the same primary key "pi_1" ("id") already exists.',
    )
    expect(store.intents(() => true)).toHaveLength(1)
  })
})
