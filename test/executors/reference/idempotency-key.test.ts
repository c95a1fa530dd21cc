import { describe, expect, it } from 'vitest'
import { canonicalRefund, type CanonicalRefund } from '../../../executors/reference/tools/canonical.ts'
import { idempotencyKey } from '../../../executors/reference/idempotency-key.ts'

function canon(args: Record<string, unknown>): CanonicalRefund {
  const c = canonicalRefund(args)
  if (!c.ok) throw new Error(c.problem)
  return c.value
}

const BASE = canon({ payment_intent: 'pi_1', amount: 49.9, currency: 'eur', order_id: 'o-1' })
const KEY = idempotencyKey('issue_refund', BASE, 'run1', 's1')

describe('idempotencyKey', () => {
  it('is a short, stable, header-safe string', () => {
    expect(KEY).toMatch(/^fl_[0-9a-f]{40}$/)
    expect(idempotencyKey('issue_refund', BASE, 'run1', 's1')).toBe(KEY)
  })

  it('is the same for re-worded arguments of the same step', () => {
    const reworded = canon({
      payment_intent: ' pi_1',
      amount: '49.90',
      currency: 'EUR',
      order_id: 'O-1',
      reason: 'requested by customer',
    })
    expect(idempotencyKey('issue_refund', reworded, 'run1', 's1')).toBe(KEY)
  })

  it('differs for a different step id (two legitimate refunds of the same amount)', () => {
    expect(idempotencyKey('issue_refund', BASE, 'run1', 's2')).not.toBe(KEY)
  })

  it('differs for a different amount, currency, order, payment intent, run or tool', () => {
    const others = [
      idempotencyKey('issue_refund', { ...BASE, amount: 4991 }, 'run1', 's1'),
      idempotencyKey('issue_refund', { ...BASE, currency: 'usd' }, 'run1', 's1'),
      idempotencyKey('issue_refund', { ...BASE, order_id: 'o-2' }, 'run1', 's1'),
      idempotencyKey('issue_refund', { ...BASE, payment_intent: 'pi_2' }, 'run1', 's1'),
      idempotencyKey('issue_refund', BASE, 'run2', 's1'),
      idempotencyKey('charge', BASE, 'run1', 's1'),
    ]
    expect(new Set([KEY, ...others]).size).toBe(others.length + 1)
  })

  it('cannot be confused by moving a separator between run id and step id', () => {
    expect(idempotencyKey('issue_refund', BASE, 'run1/', 's1')).not.toBe(
      idempotencyKey('issue_refund', BASE, 'run1', '/s1'),
    )
  })
})
