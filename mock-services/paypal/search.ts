// Transaction Search (GET /v1/reporting/transactions):
// the only read that finds a payment by custom_id
// without its id. PayPal: "It takes a maximum of
// three hours for executed transactions to appear"
// (P12): a miss proves nothing for 3 h.
import { jsonResponse } from '../json-response.ts'
import { money } from './money.ts'
import type { CaptureRecord, PaypalStore, RefundRecord } from './store.ts'

/** PayPal's published worst case, modelled as is. */
export const SEARCH_LAG_MS = 3 * 60 * 60 * 1000
const MAX_RANGE_MS = 31 * 24 * 60 * 60 * 1000

const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, '+0000')

export type SearchAnswer = { ok: true; response: Response } | { ok: false; field: string; issue: string }

export function searchTransactions(url: URL, store: PaypalStore, now: number): SearchAnswer {
  const q = url.searchParams
  const start = Date.parse(q.get('start_date') ?? '')
  const end = Date.parse(q.get('end_date') ?? '')
  if (Number.isNaN(start)) return { ok: false, field: 'start_date', issue: 'MISSING_REQUIRED_PARAMETER' }
  if (Number.isNaN(end)) return { ok: false, field: 'end_date', issue: 'MISSING_REQUIRED_PARAMETER' }
  if (end < start || end - start > MAX_RANGE_MS) return { ok: false, field: 'end_date', issue: 'INVALID_DATE_RANGE' }
  const pageSize = Math.min(500, Math.max(1, Number(q.get('page_size') ?? 100) || 100))
  const page = Math.max(1, Number(q.get('page') ?? 1) || 1)
  const rows = store.transactions().filter((t) => t.searchableAt <= now && t.createdAt >= start && t.createdAt <= end)
  const totalPages = Math.max(1, Math.ceil(rows.length / pageSize))
  return {
    ok: true,
    response: jsonResponse({
      transaction_details: rows
        .slice((page - 1) * pageSize, page * pageSize)
        .map((t) => ({ transaction_info: info(t) })),
      account_number: 'FLMERCHANT0001',
      start_date: iso(start),
      end_date: iso(end),
      last_refreshed_datetime: iso(now - SEARCH_LAG_MS),
      page,
      total_items: rows.length,
      total_pages: totalPages,
      links: [],
    }),
  }
}

function info(t: CaptureRecord | RefundRecord): object {
  const refund = 'captureId' in t
  return {
    transaction_id: t.id,
    ...(refund ? { paypal_reference_id: t.captureId, paypal_reference_id_type: 'TXN' } : {}),
    // T0006: a Checkout API payment; T1107: a refund.
    transaction_event_code: refund ? 'T1107' : 'T0006',
    transaction_initiation_date: iso(t.createdAt),
    transaction_updated_date: iso(t.createdAt),
    transaction_amount: refund
      ? { ...money(t.amount, t.currency), value: `-${money(t.amount, t.currency).value}` }
      : money(t.amount, t.currency),
    transaction_status: 'S',
    ...(t.invoiceId !== null ? { invoice_id: t.invoiceId } : {}),
    ...(t.customId !== null ? { custom_field: t.customId } : {}),
  }
}
