// Orders, captures and refunds as PayPal's JSON
// (the shapes @paypal/paypal-server-sdk 2.5.0
// parses: src/models/order.ts, capturedPayment.ts,
// refund.ts). Links point at the caller's origin.
import { money } from './money.ts'
import type { CaptureRecord, OrderRecord, PaypalStore, RefundRecord } from './store.ts'

const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z')

const link = (href: string, rel: string, method: 'GET' | 'POST') => ({ href, rel, method })

/** By the refunds a read sees: behind the same lag as they are. */
function captureStatus(c: CaptureRecord, refunded: number): 'COMPLETED' | 'PARTIALLY_REFUNDED' | 'REFUNDED' {
  if (refunded === 0) return 'COMPLETED'
  return refunded >= c.amount ? 'REFUNDED' : 'PARTIALLY_REFUNDED'
}

/** The amount of a capture's refunds a read sees. */
export function refundedSeen(c: CaptureRecord, store: PaypalStore, visible: (visibleAt: number) => boolean): number {
  let sum = 0
  for (const id of c.refundIds) {
    const r = store.refunds.get(id)!
    if (visible(r.visibleAt)) sum += r.amount
  }
  return sum
}

export function renderCapture(origin: string, c: CaptureRecord, refunded: number, inOrder = false): object {
  return {
    id: c.id,
    status: captureStatus(c, refunded),
    amount: money(c.amount, c.currency),
    ...(c.invoiceId !== null ? { invoice_id: c.invoiceId } : {}),
    ...(c.customId !== null ? { custom_id: c.customId } : {}),
    final_capture: true,
    seller_protection: { status: 'NOT_ELIGIBLE' },
    create_time: iso(c.createdAt),
    update_time: iso(c.updatedAt),
    ...(inOrder ? {} : { supplementary_data: { related_ids: { order_id: c.orderId } } }),
    links: [
      link(`${origin}/v2/payments/captures/${c.id}`, 'self', 'GET'),
      link(`${origin}/v2/payments/captures/${c.id}/refund`, 'refund', 'POST'),
      link(`${origin}/v2/checkout/orders/${c.orderId}`, 'up', 'GET'),
    ],
  }
}

export function renderRefund(origin: string, r: RefundRecord): object {
  return {
    id: r.id,
    status: 'COMPLETED',
    amount: money(r.amount, r.currency),
    ...(r.invoiceId !== null ? { invoice_id: r.invoiceId } : {}),
    ...(r.customId !== null ? { custom_id: r.customId } : {}),
    ...(r.noteToPayer !== null ? { note_to_payer: r.noteToPayer } : {}),
    create_time: iso(r.createdAt),
    update_time: iso(r.createdAt),
    links: [
      link(`${origin}/v2/payments/refunds/${r.id}`, 'self', 'GET'),
      link(`${origin}/v2/payments/captures/${r.captureId}`, 'up', 'GET'),
    ],
  }
}

/**
 * The order as it is now, captures and refunds
 * in; a read sees only what is `visible` yet.
 */
export function renderOrder(
  origin: string,
  o: OrderRecord,
  store: PaypalStore,
  visible: (visibleAt: number) => boolean = () => true,
): object {
  const captures = o.captureIds.map((id) => store.captures.get(id)!).filter((c) => visible(c.visibleAt))
  const refunds = captures
    .flatMap((c) => c.refundIds.map((id) => store.refunds.get(id)!))
    .filter((r) => visible(r.visibleAt))
  return {
    id: o.id,
    intent: 'CAPTURE',
    status: o.status,
    ...(o.cardLast4 !== null
      ? { payment_source: { card: { last_digits: o.cardLast4, brand: 'VISA', type: 'CREDIT' } } }
      : {}),
    purchase_units: [
      {
        reference_id: o.referenceId,
        amount: money(o.amount, o.currency),
        ...(o.customId !== null ? { custom_id: o.customId } : {}),
        ...(o.invoiceId !== null ? { invoice_id: o.invoiceId } : {}),
        ...(captures.length
          ? {
              payments: {
                captures: captures.map((c) => renderCapture(origin, c, refundedSeen(c, store, visible), true)),
                ...(refunds.length ? { refunds: refunds.map((r) => renderRefund(origin, r)) } : {}),
              },
            }
          : {}),
      },
    ],
    create_time: iso(o.createdAt),
    update_time: iso(o.updatedAt),
    links: [link(`${origin}/v2/checkout/orders/${o.id}`, 'self', 'GET')],
  }
}

/**
 * `Prefer: return=minimal` is the default: id,
 * status and links only (P10).
 */
export function minimal(full: object): object {
  const { id, status, links } = full as { id: string; status: string; links: unknown }
  return { id, status, links }
}
