// How a model re-words a request when it
// asks again: same intent, other bytes.
// Keying on the bytes makes a 2nd effect.
import type { Rng } from '../sim/random.ts'

const REASONS = [
  'requested_by_customer',
  'Customer asked again for the refund',
  'duplicate order',
  'Refund per support ticket',
]

export function regenerateArgs(args: Readonly<Record<string, unknown>>, rng: Rng): Record<string, unknown> {
  const out: Record<string, unknown> = { ...args }
  if ('amount' in out) {
    const n = Number(out.amount)
    if (Number.isFinite(n)) out.amount = rng.pick<unknown>([n, n.toFixed(2), String(n), Number(n.toFixed(2))])
  }
  if (typeof out.currency === 'string')
    out.currency = rng.next() < 0.5 ? out.currency.toUpperCase() : out.currency.toLowerCase()
  if (typeof out.order_id === 'string')
    out.order_id = rng.next() < 0.5 ? out.order_id.toLowerCase() : out.order_id.toUpperCase()
  if (rng.next() < 0.6) out.reason = rng.pick(REASONS)
  return out
}
