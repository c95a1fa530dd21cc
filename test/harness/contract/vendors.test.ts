import { describe, expect, it } from 'vitest'
import { DEFAULT_VENDORS, isDefaultVendors, parseVendors, vendorsName } from '../../../harness/contract/vendors.ts'

describe('vendors', () => {
  it('parses a pair, either part alone keeping the other default', () => {
    expect(parseVendors('payments=square,email=ses')).toEqual({
      ok: true,
      vendors: { payments: 'square', email: 'ses' },
    })
    expect(parseVendors(' email = sendgrid ')).toEqual({ ok: true, vendors: { payments: 'stripe', email: 'sendgrid' } })
    expect(parseVendors('payments=paypal')).toEqual({ ok: true, vendors: { payments: 'paypal', email: 'resend' } })
  })

  it.each([
    [
      'payments=adyen',
      /^--vendors has no payments vendor "adyen": use payments=stripe\|square\|paypal,email=resend\|ses\|sendgrid$/,
    ],
    ['email=square', /^--vendors has no email vendor "square"/],
    ['square', /^--vendors part "square" is not role=vendor/],
    ['payments=square,payments=paypal', /^--vendors names payments twice/],
    [' , ', /names no vendor/],
  ])('refuses %j in one line naming the fix', (spec, problem) => {
    const got = parseVendors(spec)
    expect(got.ok).toBe(false)
    if (!got.ok) {
      expect(got.problem).toMatch(problem)
      expect(got.problem).not.toContain('\n')
    }
  })

  it('names a pair payments+email; the default is Stripe + Resend', () => {
    expect(vendorsName({ payments: 'square', email: 'ses' })).toBe('square+ses')
    expect(vendorsName(DEFAULT_VENDORS)).toBe('stripe+resend')
    expect(isDefaultVendors(undefined)).toBe(true)
    expect(isDefaultVendors({ payments: 'stripe', email: 'ses' })).toBe(false)
  })
})
