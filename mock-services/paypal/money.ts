// PayPal's money: { currency_code, value } with
// the value a decimal string in the currency's
// own precision (docs/vendors.md P9).

/** Currencies PayPal takes without decimals. */
const NO_DECIMALS = new Set(['JPY', 'HUF', 'TWD'])

export function decimalsOf(currency: string): number {
  return NO_DECIMALS.has(currency.toUpperCase()) ? 0 : 2
}

/** Minor units as PayPal writes them: "49.90". */
export function toValue(minor: number, currency: string): string {
  const d = decimalsOf(currency)
  return d === 0 ? String(minor) : (minor / 10 ** d).toFixed(d)
}

export function money(minor: number, currency: string): { currency_code: string; value: string } {
  return { currency_code: currency.toUpperCase(), value: toValue(minor, currency) }
}

/**
 * A value string as minor units, or the issue
 * PayPal names: more decimals than the currency
 * has is DECIMAL_PRECISION.
 */
export function parseValue(
  value: unknown,
  currency: string,
): { ok: true; minor: number } | { ok: false; issue: 'INVALID_PARAMETER_SYNTAX' | 'DECIMAL_PRECISION' } {
  if (typeof value !== 'string' || value.length > 32 || !/^\d+(\.\d+)?$/.test(value))
    return { ok: false, issue: 'INVALID_PARAMETER_SYNTAX' }
  const [whole, frac = ''] = value.split('.')
  const d = decimalsOf(currency)
  if (frac.length > d) return { ok: false, issue: 'DECIMAL_PRECISION' }
  return { ok: true, minor: Number(whole) * 10 ** d + Number(frac.padEnd(d, '0') || '0') }
}
