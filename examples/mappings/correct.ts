// A correct exception mapping, for every client faultline reproduces (fetch,
// node:http, axios, stripe-node, resend-node) and the vendors' SDKs (square,
// @paypal/paypal-server-sdk, @aws-sdk/client-sesv2, @sendgrid/mail). Audit it with
//
//   npm run faultline -- audit-mapping --mapping examples/mappings/correct.ts
//
// It has no dangerous cell. Its costly cells (a 503 or a stored 500 read as
// "ambiguous") are the price of not trusting a 5xx: the mock services apply
// nothing before those, but a real service behind a proxy may, and the
// published sources disagree (docs/mapping-audit.md).
//
// The rules, in order:
//   1. A look (a reconciliation probe) that failed says nothing about the effect: ambiguous.
//   2. An answer with a status: 2xx applied; a used key sent with another request (Stripe's
//      idempotency_error, Square's IDEMPOTENCY_KEY_REUSED, Resend's invalid_idempotent_request)
//      ambiguous — the key's first request may have landed; 429 not sent; a 409 (a request
//      under this key is still in flight) ambiguous; other 4xx (but 408) rejected;
//      everything else — 5xx, a gateway's 504 — ambiguous.
//      The status may come as a response (fetch, node:http) or inside the error an SDK
//      throws or returns (axios's error.response, stripe's, resend's, square's and
//      paypal's statusCode, the AWS SDK's $metadata.httpStatusCode, sendgrid's numeric
//      code). Square's 409 CONFLICT and PayPal's PREVIOUS_REQUEST_IN_PROGRESS are the
//      in-flight kind: ambiguous.
//   3. No answer: not sent only when the connection was never made (refused, the name did
//      not resolve) — found anywhere along the error's cause chain (undici wraps it in
//      TypeError('fetch failed'), stripe-node in StripeConnectionError.detail). Resets and
//      timeouts may come after the server acted: ambiguous. So is resend's
//      `{ statusCode: null }`: the SDK hides which it was.
import type { ExceptionMapping, Observed } from '../../faultline/index.ts'

const NEVER_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH'])

/** A used key sent with another request: its first request may have landed. */
const KEY_REUSED = new Set(['idempotency_error', 'IDEMPOTENCY_KEY_REUSED', 'invalid_idempotent_request'])

const mapping: ExceptionMapping = (observed) => {
  if (observed.request.purpose === 'probe') return 'ambiguous'
  const status = statusOf(observed)
  if (status !== null) {
    if (status >= 200 && status < 300) return 'applied'
    if (KEY_REUSED.has(errorName(observed) ?? '')) return 'ambiguous'
    if (status === 429) return 'not-sent'
    if (status === 409) return 'ambiguous'
    if (status >= 400 && status < 500 && status !== 408) return 'rejected'
    return 'ambiguous'
  }
  return codesOf(errorOf(observed)).some((c) => NEVER_CONNECTED.has(c)) ? 'not-sent' : 'ambiguous'
}

export default mapping

/** The error, or null for a response. */
export function errorOf(observed: Observed): unknown {
  return 'error' in observed ? observed.error : null
}

/** The HTTP status, wherever the client put it; null when no answer came. */
export function statusOf(observed: Observed): number | null {
  if ('response' in observed) return observed.response.status
  const e = observed.error as {
    response?: { status?: unknown; body?: unknown }
    statusCode?: unknown
    $metadata?: { httpStatusCode?: unknown }
    code?: unknown
  } | null
  // sendgrid's ResponseError: `code` is the status, beside response.body.
  const sendgrid = e?.response && 'body' in e.response ? e.code : undefined
  const status = e?.response?.status ?? e?.statusCode ?? e?.$metadata?.httpStatusCode ?? sendgrid
  return typeof status === 'number' ? status : null
}

/**
 * The service's name for the error: Stripe's error code or type, Resend's and PayPal's name
 * (PayPal's first issue before it), Square's errors[0].code — in the body, or in the error
 * the SDK threw (axios's response.data, stripe-node's raw, square's body, paypal's result,
 * sendgrid's response.body; resend's returned error is itself the body).
 */
export function errorName(observed: Observed): string | null {
  const e = ('error' in observed ? observed.error : null) as {
    response?: { data?: unknown; body?: unknown }
    raw?: unknown
    body?: unknown
    result?: unknown
  } | null
  const bodies =
    'response' in observed
      ? [observed.response.body]
      : [e?.response?.data, e?.response?.body, e?.raw, e?.body, e?.result, e]
  for (const body of bodies) {
    const b = body as {
      details?: { issue?: unknown }[]
      error?: { code?: unknown; type?: unknown }
      errors?: { code?: unknown }[]
      code?: unknown
      type?: unknown
      name?: unknown
    } | null
    if (typeof b !== 'object' || b === null) continue
    const name =
      (Array.isArray(b.details) ? b.details[0]?.issue : undefined) ??
      b.error?.code ??
      b.error?.type ??
      (Array.isArray(b.errors) ? b.errors[0]?.code : undefined) ??
      b.code ??
      b.type ??
      b.name
    if (typeof name === 'string') return name
  }
  return null
}

/** Every string `code` along the error's chain (`cause`, and stripe-node's `detail`). */
export function codesOf(error: unknown): string[] {
  const codes: string[] = []
  for (let e = error, depth = 0; typeof e === 'object' && e !== null && depth < 5; depth++) {
    const { code, cause, detail } = e as { code?: unknown; cause?: unknown; detail?: unknown }
    if (typeof code === 'string') codes.push(code)
    e = cause ?? detail
  }
  return codes
}

/** A client's own timeout: fetch's TimeoutError, undici's headers or body timeout, axios's ECONNABORTED, stripe-node's ETIMEDOUT. (node:http's is a plain "socket hang up"; a caller's cancel, an AbortError, is not a timeout.) */
export function isTimeout(observed: Observed): boolean {
  const e = errorOf(observed) as { name?: unknown } | null
  return e?.name === 'TimeoutError' || codesOf(e).some((c) => TIMEOUT_CODES.has(c))
}

const TIMEOUT_CODES = new Set(['ETIMEDOUT', 'ECONNABORTED', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT'])

/** A connection reset: undici's "other side closed", Node's "socket hang up" / ECONNRESET. */
export function isReset(observed: Observed): boolean {
  return codesOf(errorOf(observed)).some((c) => c === 'ECONNRESET' || c === 'UND_ERR_SOCKET' || c === 'EPIPE')
}
