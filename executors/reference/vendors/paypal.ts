// The reference's charge_card and issue_refund for
// PayPal (docs/vendors.md P1…): a one-step card
// order and a capture refund, each under its
// PayPal-Request-Id. Looks: a refund in its
// capture's order (at once); a charge by its
// custom_id in Transaction Search, which lags up
// to 3 h: a miss only allows a resend under the
// same id, which PayPal answers with the latest
// status of the first (P3).
import { canonicalCharge, type CanonicalCharge } from '../tools/charge.ts'
import { toMinorUnits } from '../tools/canonical.ts'
import type { Tools } from '../tools/tool-adapter.ts'
import type { LookAnswer, ToolAdapter } from '../tools/tool-adapter.ts'
import { PaypalSession } from './paypal-session.ts'

export interface PaypalRefund {
  /** The capture refunded (the plan's `payment_intent`). */
  readonly capture: string
  /** Minor units. */
  readonly amount: number
  readonly currency: string
  readonly order_id: string
}

/** What a trap may change (executors/flawed/). */
export interface PaypalToolOptions {
  /** Send refunds' PayPal-Request-Id (default true). */
  readonly refundRequestId?: boolean
  /** Ask for the representation (default true). */
  readonly representation?: boolean
}

const SEARCH_WINDOW_MS = 30 * 24 * 60 * 60 * 1000

/** Minor units as PayPal's value string. */
function value(minor: number, currency: string): { value: string; currency_code: string } {
  const none = ['jpy', 'huf', 'twd'].includes(currency)
  return { value: none ? String(minor) : (minor / 100).toFixed(2), currency_code: currency.toUpperCase() }
}

export function canonicalPaypalRefund(
  args: Readonly<Record<string, unknown>>,
): { ok: true; op: PaypalRefund } | { ok: false; problem: string } {
  const capture = typeof args.payment_intent === 'string' ? args.payment_intent.trim() : ''
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(capture))
    return { ok: false, problem: 'payment_intent must be the PayPal capture id to refund' }
  const amount = toMinorUnits(args.amount)
  if (amount === null)
    return { ok: false, problem: 'amount must be a positive number with at most 2 decimals, e.g. 49.90' }
  const currency = typeof args.currency === 'string' ? args.currency.trim().toLowerCase() : ''
  if (!/^[a-z]{3}$/.test(currency)) return { ok: false, problem: 'currency must be a 3-letter ISO code, e.g. eur' }
  const order = typeof args.order_id === 'string' ? args.order_id.trim().toLowerCase() : ''
  if (order === '') return { ok: false, problem: 'order_id must be a non-empty string' }
  return { ok: true, op: { capture, amount, currency, order_id: order } }
}

type Found = { id?: string; custom_id?: string }

export function paypalRefundAdapter(
  session: PaypalSession,
  options: PaypalToolOptions = {},
): ToolAdapter<PaypalRefund> {
  return {
    tool: 'issue_refund',
    service: 'payments',
    effectType: 'refund',
    irreversible: false,
    canonical: canonicalPaypalRefund,
    // Stored with its capture (the path's part);
    // `request` is sent byte for byte.
    body: (op, key) =>
      JSON.stringify({
        capture: op.capture,
        request: JSON.stringify({
          amount: value(op.amount, op.currency),
          invoice_id: op.order_id,
          custom_id: key,
          note_to_payer: `Refund for order ${op.order_id}`,
        }),
      }),
    send: (body, key, stop, deadline) => {
      const { capture, request } = stored(body)
      return session.send(
        `/v2/payments/captures/${encodeURIComponent(capture)}/refund`,
        request,
        options.refundRequestId === false ? null : key,
        stop,
        deadline,
        options.representation !== false,
      )
    },
    // The capture names its order; the order
    // lists its refunds with their custom_id.
    probe: async (body, key, timeoutMs): Promise<LookAnswer> => {
      const capture = await session.get(`/v2/payments/captures/${encodeURIComponent(stored(body).capture)}`, timeoutMs)
      if (!('body' in capture)) return capture
      const order = (capture.body as { supplementary_data?: { related_ids?: { order_id?: string } } })
        .supplementary_data?.related_ids?.order_id
      if (!order) return { error: 'the capture names no order' }
      const got = await session.get(`/v2/checkout/orders/${encodeURIComponent(order)}`, timeoutMs)
      if (!('body' in got)) return got
      const units = (got.body as { purchase_units?: { payments?: { refunds?: Found[] } }[] }).purchase_units ?? []
      const hit = units.flatMap((u) => u.payments?.refunds ?? []).find((r) => r.custom_id === key)
      return { found: hit?.id ?? null }
    },
    effectId: (b) => (b as { id?: string } | null)?.id,
    compensation: () => null, // money sent back cannot be taken back
  }
}

/** A stored refund body: capture and request. */
function stored(body: string): { capture: string; request: string } {
  return JSON.parse(body) as { capture: string; request: string }
}

export function paypalChargeAdapter(
  session: PaypalSession,
  options: PaypalToolOptions = {},
): ToolAdapter<CanonicalCharge> {
  return {
    tool: 'charge_card',
    service: 'payments',
    effectType: 'charge',
    irreversible: false,
    canonical: canonicalCharge,
    // One step: with a card, the order is
    // captured in the create call (P13).
    body: (op, key) =>
      JSON.stringify({
        intent: 'CAPTURE',
        purchase_units: [{ reference_id: op.order_id, custom_id: key, amount: value(op.amount, op.currency) }],
        payment_source: { card: { vault_id: 'faultline-vaulted-card' } },
      }),
    send: (body, key, stop, deadline) =>
      session.send('/v2/checkout/orders', body, key, stop, deadline, options.representation !== false),
    probe: (_body, key, timeoutMs) => searchByCustomId(session, key, timeoutMs),
    effectId: (b) =>
      (b as { purchase_units?: { payments?: { captures?: { id?: string }[] } }[] } | null)?.purchase_units?.[0]
        ?.payments?.captures?.[0]?.id,
    compensation: (op) => ({
      tool: 'issue_refund',
      args: { amount: (op.amount / 100).toFixed(2), currency: op.currency, order_id: op.order_id },
      effectArg: 'payment_intent',
    }),
  }
}

/** A charge's capture by custom_id, if searchable yet. */
async function searchByCustomId(session: PaypalSession, key: string, timeoutMs: number): Promise<LookAnswer> {
  const end = new Date(Date.now()).toISOString()
  const start = new Date(Date.now() - SEARCH_WINDOW_MS).toISOString()
  for (let page = 1; page <= 10; page++) {
    const got = await session.get(
      `/v1/reporting/transactions?start_date=${start}&end_date=${end}&fields=transaction_info&page_size=500&page=${page}`,
      timeoutMs,
    )
    if (!('body' in got)) return got
    const b = got.body as {
      transaction_details?: {
        transaction_info?: { transaction_id?: string; custom_field?: string; transaction_event_code?: string }
      }[]
      total_pages?: number
    }
    const hit = b.transaction_details?.find(
      (t) => t.transaction_info?.custom_field === key && t.transaction_info.transaction_event_code === 'T0006',
    )
    if (hit?.transaction_info?.transaction_id) return { found: hit.transaction_info.transaction_id }
    if (!b.total_pages || page >= b.total_pages) return { found: null }
  }
  return { found: null }
}

/** The reference's PayPal tools on `base`. */
export function paypalTools(base: string, options: PaypalToolOptions = {}): Tools {
  const session = new PaypalSession(base)
  return { charge_card: paypalChargeAdapter(session, options), issue_refund: paypalRefundAdapter(session, options) }
}
