import fc from 'fast-check'
import { z } from 'zod'
import type { ServiceErrorKind } from '../../mock-services/service.ts'
import { requestFaultKind, type FaultOf } from './fault.ts'

const KIND: Record<429 | 503 | 400 | 409, ServiceErrorKind> = { 429: 'rate-limited', 503: 'unavailable', 400: 'validation', 409: 'key-in-use' }

/**
 * response: the service answers an error without acting — 429, 503, a 400/422
 * validation error, or 409 "key in use" — in its own error shape (with
 * Retry-After where that vendor sends one: docs/vendors.md).
 */
export const errorResponse = requestFaultKind({
  kind: 'error-response',
  boundary: 'response',
  targets: 'send',
  summary: "the service's own 429, 503, validation error (400 payments, 422 e-mail), or 409 key in use",
  truth: 'no effect',
  params: {
    status: z.union([z.literal(429), z.literal(503), z.literal(400), z.literal(409)]).describe('which error'),
    retryAfterS: z.int().min(0).max(3_600).optional().describe('Retry-After in seconds, where the service sends one (Resend; Stripe only with the stripe-retry-after profile); default 1'),
  },
  weight: 2,
  parameters: () => fc.record({ status: fc.constantFrom(429 as const, 503 as const, 400 as const, 409 as const), retryAfterS: fc.constantFrom(1, 2, 5) }, { requiredKeys: ['status'] }),
  async strike(fault, ctl) {
    return ctl.errorResponse(KIND[fault.status], fault.retryAfterS ?? 1)
  },
})
export type ErrorResponse = FaultOf<typeof errorResponse>
