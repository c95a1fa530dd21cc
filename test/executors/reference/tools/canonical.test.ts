import { describe, expect, it } from 'vitest'
import { canonicalRefund, toMinorUnits } from '../../../../executors/reference/tools/canonical.ts'

const ARGS = { payment_intent: 'pi_1', amount: 49.9, currency: 'eur', order_id: 'o-1' }

describe('toMinorUnits', () => {
  it.each([
    [49.9, 4990],
    ['49.90', 4990],
    [49.9, 4990],
    ['49.9', 4990],
    [' 49.9 ', 4990],
    ['49', 4900],
    [49, 4900],
    ['0.01', 1],
    [0.1 + 0.2, 30], // float noise below a cent
    ['123456789.99', 12345678999],
  ] as const)('%j → %i', (input, minor) => {
    expect(toMinorUnits(input)).toBe(minor)
  })

  it.each([
    0,
    '0',
    '0.00',
    -1,
    '-1',
    '49.999',
    '49.',
    '.5',
    '1e3',
    '49,90',
    '',
    'abc',
    NaN,
    Infinity,
    -Infinity,
    null,
    undefined,
    true,
    {},
    [49.9],
    '1234567890',
  ])('rejects %j', (input) => {
    expect(toMinorUnits(input)).toBeNull()
  })

  // Regression: more than 2 decimals is refused, not
  // rounded.
  it('rejects a number with more than 2 decimals, like the equivalent string', () => {
    expect(toMinorUnits(49.999)).toBeNull()
  })
})

describe('canonicalRefund', () => {
  it('canonicalises 49.9, "49.90", 49.90 and "49.9" to 4990 minor units', () => {
    for (const amount of [49.9, '49.90', 49.9, '49.9']) {
      const c = canonicalRefund({ ...ARGS, amount })
      expect(c).toEqual({ ok: true, value: { payment_intent: 'pi_1', amount: 4990, currency: 'eur', order_id: 'o-1' } })
    }
  })

  it('case-folds and trims the currency and the order id', () => {
    const c = canonicalRefund({ payment_intent: ' pi_1 ', amount: '49.90', currency: ' EUR ', order_id: ' O-1 ' })
    expect(c).toEqual({ ok: true, value: { payment_intent: 'pi_1', amount: 4990, currency: 'eur', order_id: 'o-1' } })
  })

  it('does not case-fold the payment intent id (ids are case-sensitive)', () => {
    const c = canonicalRefund({ ...ARGS, payment_intent: 'pi_AbC' })
    expect(c.ok && c.value.payment_intent).toBe('pi_AbC')
  })

  it('ignores arguments outside the identity (an added reason)', () => {
    expect(canonicalRefund({ ...ARGS, reason: 'customer asked' })).toEqual(canonicalRefund(ARGS))
  })

  it.each([
    [{ ...ARGS, payment_intent: 'ch_1' }, 'payment_intent'],
    [{ ...ARGS, payment_intent: 'pi_' }, 'payment_intent'],
    [{ ...ARGS, payment_intent: 'pi 1' }, 'payment_intent'],
    [{ ...ARGS, payment_intent: 42 }, 'payment_intent'],
    [{ ...ARGS, amount: -49.9 }, 'amount'],
    [{ ...ARGS, amount: '49.999' }, 'amount'],
    [{ ...ARGS, amount: 0 }, 'amount'],
    [{ ...ARGS, amount: 'forty-nine' }, 'amount'],
    [{ ...ARGS, currency: 'euro' }, 'currency'],
    [{ ...ARGS, currency: 'e1r' }, 'currency'],
    [{ ...ARGS, currency: undefined }, 'currency'],
    [{ ...ARGS, order_id: '' }, 'order_id'],
    [{ ...ARGS, order_id: '   ' }, 'order_id'],
    [{ ...ARGS, order_id: 7 }, 'order_id'],
  ])('rejects %j, naming %s', (args, field) => {
    const c = canonicalRefund(args as Record<string, unknown>)
    expect(c.ok).toBe(false)
    expect(!c.ok && c.problem).toMatch(new RegExp(`^${field} `))
  })

  it('rejects a missing field', () => {
    const { order_id: _, ...rest } = ARGS
    expect(canonicalRefund(rest).ok).toBe(false)
  })
})
