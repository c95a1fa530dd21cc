// charge_card against the Stripe-shaped payments
// service: a confirmed payment intent,
// compensated by a full refund.
import { toMinorUnits } from './canonical.ts'
import { findInStripeList, sendWithKey } from './http.ts'
import type { ToolAdapter } from './tool-adapter.ts'

export interface CanonicalCharge {
  readonly order_id: string
  /** Minor units. */
  readonly amount: number
  readonly currency: string
}

export function canonicalCharge(
  args: Readonly<Record<string, unknown>>,
): { ok: true; op: CanonicalCharge } | { ok: false; problem: string } {
  const order = typeof args.order_id === 'string' ? args.order_id.trim().toLowerCase() : ''
  if (order === '') return { ok: false, problem: 'order_id must be a non-empty string' }
  const amount = toMinorUnits(args.amount)
  if (amount === null)
    return { ok: false, problem: 'amount must be a positive number with at most 2 decimals, e.g. 49.90' }
  const currency = typeof args.currency === 'string' ? args.currency.trim().toLowerCase() : ''
  if (!/^[a-z]{3}$/.test(currency)) return { ok: false, problem: 'currency must be a 3-letter ISO code, e.g. eur' }
  return { ok: true, op: { order_id: order, amount, currency } }
}

export function chargeAdapter(base: string): ToolAdapter<CanonicalCharge> {
  return {
    tool: 'charge_card',
    service: 'payments',
    effectType: 'charge',
    irreversible: false,
    canonical: canonicalCharge,
    body: (op, key, runId, stepId) =>
      new URLSearchParams({
        amount: String(op.amount),
        currency: op.currency,
        confirm: 'true',
        'metadata[client_reference]': key,
        'metadata[order_id]': op.order_id,
        'metadata[run_id]': runId,
        'metadata[step_id]': stepId,
      }).toString(),
    send: (body, key, stop, deadline) =>
      sendWithKey(`${base}/v1/payment_intents`, 'application/x-www-form-urlencoded', body, key, stop, deadline),
    probe: (_body, key, timeoutMs) =>
      findInStripeList(
        `${base}/v1/payment_intents`,
        (p) => p.metadata?.client_reference === key && p.status === 'succeeded',
        timeoutMs,
      ),
    effectId: (b) => (b as { id?: string } | null)?.id,
    compensation: (op) => ({
      tool: 'issue_refund',
      args: { amount: (op.amount / 100).toFixed(2), currency: op.currency, order_id: op.order_id },
      effectArg: 'payment_intent',
    }),
  }
}
