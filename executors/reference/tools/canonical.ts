// A refund's canonical identity: the bytes may
// change between asks, the operation may not (49.9
// = "49.90"; case makes no new order or currency).

export interface CanonicalRefund {
  readonly payment_intent: string
  /** Minor units. */
  readonly amount: number
  readonly currency: string
  readonly order_id: string
}

export type Canonical =
  | { readonly ok: true; readonly value: CanonicalRefund }
  | { readonly ok: false; readonly problem: string }

export function canonicalRefund(args: Readonly<Record<string, unknown>>): Canonical {
  const pi = args.payment_intent
  if (typeof pi !== 'string' || !/^pi_[A-Za-z0-9_]+$/.test(pi.trim()))
    return { ok: false, problem: 'payment_intent must be a payment intent id (pi_…)' }
  const amount = toMinorUnits(args.amount)
  if (amount === null)
    return { ok: false, problem: 'amount must be a positive number with at most 2 decimals, e.g. 49.90' }
  const currency = typeof args.currency === 'string' ? args.currency.trim().toLowerCase() : ''
  if (!/^[a-z]{3}$/.test(currency)) return { ok: false, problem: 'currency must be a 3-letter ISO code, e.g. eur' }
  const order = typeof args.order_id === 'string' ? args.order_id.trim().toLowerCase() : ''
  if (order === '') return { ok: false, problem: 'order_id must be a non-empty string' }
  return { ok: true, value: { payment_intent: pi.trim(), amount, currency, order_id: order } }
}

/**
 * "49.9", 49.9, "49.90" → 4990. Strings parse
 * exactly; numbers pass within float noise of
 * whole cents (0.1 + 0.2). 49.999 is refused.
 */
export function toMinorUnits(v: unknown): number | null {
  if (typeof v === 'number') {
    if (!Number.isFinite(v) || v <= 0 || v >= 1e9) return null
    const cents = v * 100
    const whole = Math.round(cents)
    return Math.abs(cents - whole) < 1e-6 && whole > 0 ? whole : null
  }
  const s = typeof v === 'string' ? v.trim() : ''
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(s)
  if (!m) return null
  const minor = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'))
  return minor > 0 ? minor : null
}
