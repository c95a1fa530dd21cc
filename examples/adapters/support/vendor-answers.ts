// What a vendor's answer says happened: done,
// refused, not sent (safe to send again), or
// maybe (the request may have landed).
import type { CreateEmailResponse } from 'resend'
import Stripe from 'stripe'

export type Answer =
  | { readonly kind: 'done'; readonly id: string }
  | { readonly kind: 'refused' | 'maybe'; readonly why: string }
  | { readonly kind: 'not-sent'; readonly why: string; readonly retryAfterMs: number | null }

/** "Never, as asked": sent again, the same answer. */
const REFUSED = new Set([400, 401, 402, 403, 404, 422])

/** A refund's error from stripe-node. */
export function stripeAnswer(e: unknown): Answer {
  if (!(e instanceof Stripe.errors.StripeError)) return { kind: 'maybe', why: String(e) }
  const why = `${e.type}${e.statusCode ? ` ${e.statusCode}` : ''}: ${e.message}`
  if (e instanceof Stripe.errors.StripeConnectionError) {
    // Refused, or no such host: nothing left.
    const code = (e.detail as { code?: unknown } | undefined)?.code
    return code === 'ECONNREFUSED' || code === 'ENOTFOUND' ? notSent(why) : { kind: 'maybe', why }
  }
  // Turned away before acting (docs/vendors.md S2, S3).
  if (e instanceof Stripe.errors.StripeRateLimitError || e.statusCode === 503) return notSent(why, e.headers)
  if (REFUSED.has(e.statusCode ?? 0) && !(e instanceof Stripe.errors.StripeIdempotencyError))
    return { kind: 'refused', why }
  // 409 key in use, 500, a gateway's page: may have landed.
  return { kind: 'maybe', why }
}

/** Resend's answer (its SDK never throws). */
export function resendAnswer({ data, error, headers }: CreateEmailResponse): Answer {
  if (data) return { kind: 'done', id: data.id }
  const why = `${error.name}${error.statusCode ? ` ${error.statusCode}` : ''}: ${error.message}`
  // Resend's own 429/503 JSON turns it away; a
  // proxy's page (the SDK cannot parse it, and
  // names it application_error) may come after
  // the send landed (an Envoy 503 on a reset).
  const resends = error.name !== 'application_error'
  if (resends && (error.statusCode === 429 || error.statusCode === 503)) return notSent(why, headers)
  if (REFUSED.has(error.statusCode ?? 0)) return { kind: 'refused', why }
  // null: no answer (resend 6.38.0 dist/index.mjs:1786-1797);
  // 409: a send under this key is in progress.
  return { kind: 'maybe', why }
}

/** Retry-After in seconds: the only form they send. */
function notSent(why: string, headers?: Record<string, string> | null): Answer {
  const s = Number(headers?.['retry-after'] ?? Number.NaN)
  return { kind: 'not-sent', why, retryAfterMs: Number.isFinite(s) && s >= 0 ? s * 1000 : null }
}
