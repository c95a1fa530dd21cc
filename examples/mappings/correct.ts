// A correct exception mapping, for every client faultline reproduces (fetch,
// node:http, axios, stripe-node, resend-node). Audit it with
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
//   2. An answer with a status: 2xx applied; 429 not sent; Resend's "other payload" 409
//      rejected, any other 409 (a request under this key is still in flight) ambiguous;
//      other 4xx (but 408) rejected; everything else — 5xx, a gateway's 504 — ambiguous.
//      The status may come as a response (fetch, node:http) or inside the error an SDK
//      throws or returns (axios's error.response, stripe's statusCode, resend's statusCode).
//   3. No answer: not sent only when the connection was never made (refused, the name did
//      not resolve) — found anywhere along the error's cause chain (undici wraps it in
//      TypeError('fetch failed'), stripe-node in StripeConnectionError.detail). Resets and
//      timeouts may come after the server acted: ambiguous. So is resend's
//      `{ statusCode: null }`: the SDK hides which it was.
import type { ExceptionMapping, Observed } from '../../faultline/index.ts'

const NEVER_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH'])

const mapping: ExceptionMapping = (observed) => {
  if (observed.request.purpose === 'probe') return 'ambiguous'
  const status = statusOf(observed)
  if (status !== null) {
    if (status >= 200 && status < 300) return 'applied'
    if (status === 429) return 'not-sent'
    if (status === 409) return errorName(observed) === 'invalid_idempotent_request' ? 'rejected' : 'ambiguous'
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
  const e = observed.error as { response?: { status?: unknown }; statusCode?: unknown } | null
  const status = e?.response?.status ?? e?.statusCode
  return typeof status === 'number' ? status : null
}

/** The service's name for the error: Stripe's error code, Resend's name. */
export function errorName(observed: Observed): string | null {
  const body = (
    'response' in observed
      ? observed.response.body
      : ((observed.error as { response?: { data?: unknown } } | null)?.response?.data ?? observed.error)
  ) as {
    error?: { code?: unknown }
    code?: unknown
    name?: unknown
  } | null
  const name = body?.error?.code ?? body?.code ?? body?.name
  return typeof name === 'string' ? name : null
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
