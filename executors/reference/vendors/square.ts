// The reference's charge_card and issue_refund
// for Square (docs/vendors.md Q1–Q13): the key
// in the body; an ambiguous send is looked for
// by the key written in the payment's note or
// the refund's reason, then replayed under the
// same key (Q4) — never cancelled by key (Q13).
import { type CanonicalCharge, canonicalCharge } from '../tools/charge.ts'
import { toMinorUnits } from '../tools/canonical.ts'
import type { Tools } from '../tools/tool-adapter.ts'
import type { ToolAdapter } from '../tools/tool-adapter.ts'
import { findInSquareList, squareSend } from './square-http.ts'

/** The card the plan charges (a sandbox nonce). */
export const SQUARE_SOURCE_ID = 'cnon:card-nonce-ok'

/** The key, as a look can read it back. */
export const clientReference = (key: string): string => `client_reference:${key}`

export interface CanonicalSquareRefund {
  /** The plan's payment (its `payment_intent`). */
  readonly payment_id: string
  /** Minor units. */
  readonly amount: number
  readonly currency: string
  readonly order_id: string
}

export function squareTools(base: string): Tools {
  return { charge_card: squareChargeAdapter(base), issue_refund: squareRefundAdapter(base) }
}

export function squareChargeAdapter(base: string): ToolAdapter<CanonicalCharge> {
  return {
    tool: 'charge_card',
    service: 'payments',
    effectType: 'charge',
    irreversible: false,
    canonical: canonicalCharge,
    // reference_id holds ≤ 40 characters (Q10):
    // the key (43) goes in the note.
    body: (op, key) =>
      JSON.stringify({
        idempotency_key: key,
        source_id: SQUARE_SOURCE_ID,
        amount_money: { amount: op.amount, currency: op.currency.toUpperCase() },
        autocomplete: true,
        ...(op.order_id.length <= 40 ? { reference_id: op.order_id } : {}),
        note: clientReference(key),
      }),
    send: (body, key, stop, deadline) => squareSend(`${base}/v2/payments`, body, key, stop, deadline),
    // No filter by key or note (Q12): by total.
    probe: (body, key, timeoutMs) =>
      findInSquareList<{ id: string; note?: string; status?: string }>(
        `${base}/v2/payments?total=${(JSON.parse(body) as { amount_money: { amount: number } }).amount_money.amount}`,
        'payments',
        (p) => p.note === clientReference(key) && p.status === 'COMPLETED',
        timeoutMs,
      ),
    effectId: (b) => (b as { payment?: { id?: string } } | null)?.payment?.id,
    compensation: (op) => ({
      tool: 'issue_refund',
      args: { amount: (op.amount / 100).toFixed(2), currency: op.currency, order_id: op.order_id },
      effectArg: 'payment_intent',
    }),
  }
}

export function squareRefundAdapter(base: string): ToolAdapter<CanonicalSquareRefund> {
  return {
    tool: 'issue_refund',
    service: 'payments',
    effectType: 'refund',
    irreversible: false,
    canonical: canonicalSquareRefund,
    // A refund has no note: its reason (≤ 192).
    body: (op, key) =>
      JSON.stringify({
        idempotency_key: key,
        payment_id: op.payment_id,
        amount_money: { amount: op.amount, currency: op.currency.toUpperCase() },
        reason: clientReference(key),
      }),
    send: (body, key, stop, deadline) => squareSend(`${base}/v2/refunds`, body, key, stop, deadline),
    // No filter by payment (Q12): walk them all.
    probe: (body, key, timeoutMs) => {
      const paymentId = (JSON.parse(body) as { payment_id: string }).payment_id
      return findInSquareList<{ id: string; payment_id?: string; reason?: string; status?: string }>(
        `${base}/v2/refunds`,
        'refunds',
        (r) =>
          r.payment_id === paymentId &&
          r.reason === clientReference(key) &&
          (r.status === 'PENDING' || r.status === 'COMPLETED'),
        timeoutMs,
      )
    },
    effectId: (b) => (b as { refund?: { id?: string } } | null)?.refund?.id,
    compensation: () => null, // money sent back cannot be taken back
  }
}

/** The plan's refund, its payment any Square id. */
export function canonicalSquareRefund(
  args: Readonly<Record<string, unknown>>,
): { ok: true; op: CanonicalSquareRefund } | { ok: false; problem: string } {
  const id = typeof args.payment_intent === 'string' ? args.payment_intent.trim() : ''
  if (!/^[A-Za-z0-9_-]{1,192}$/.test(id)) return { ok: false, problem: 'payment_intent must be a payment id' }
  const amount = toMinorUnits(args.amount)
  if (amount === null)
    return { ok: false, problem: 'amount must be a positive number with at most 2 decimals, e.g. 49.90' }
  const currency = typeof args.currency === 'string' ? args.currency.trim().toLowerCase() : ''
  if (!/^[a-z]{3}$/.test(currency)) return { ok: false, problem: 'currency must be a 3-letter ISO code, e.g. eur' }
  const order = typeof args.order_id === 'string' ? args.order_id.trim().toLowerCase() : ''
  if (order === '') return { ok: false, problem: 'order_id must be a non-empty string' }
  return { ok: true, op: { payment_id: id, amount, currency, order_id: order } }
}
