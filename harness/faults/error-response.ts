import { checkInt, checkOneOf, type RequestFaultBase, type RequestFaultKind } from './fault.ts'
import type { ServiceErrorKind } from '../../mock-services/service.ts'

/**
 * response: the service answers an error without acting — 429 with
 * Retry-After, 503, a 400/422 validation error, or 409 "key in use" — in its
 * own error shape.
 */
export interface ErrorResponse extends RequestFaultBase {
  readonly kind: 'error-response'
  readonly boundary: 'response'
  readonly status: 429 | 503 | 400 | 409
  /** For 429 and 503: the Retry-After header, in seconds. */
  readonly retryAfterS?: number
}

const KIND: Record<ErrorResponse['status'], ServiceErrorKind> = { 429: 'rate-limited', 503: 'unavailable', 400: 'validation', 409: 'key-in-use' }

export const errorResponse: RequestFaultKind<ErrorResponse> = {
  kind: 'error-response',
  boundary: 'response',
  targets: 'mutation',
  summary: "the service's own 429 (Retry-After), 503, validation error (400 payments, 422 e-mail), or 409 key in use",
  truth: 'no effect',
  async strike(fault, ctl) {
    return ctl.errorResponse(KIND[fault.status], fault.retryAfterS ?? 1)
  },
  check: (f) => checkOneOf(f, 'status', [429, 503, 400, 409]) ?? (f.retryAfterS === undefined ? null : checkInt(f, 'retryAfterS', 0, 3_600)),
}
