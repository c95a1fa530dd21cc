import fc from 'fast-check'
import { z } from 'zod'
import type { ServiceErrorKind } from '../../mock-services/service.ts'
import { requestFaultKind, type FaultOf } from './fault.ts'

const KIND: Record<429 | 503 | 400 | 409, ServiceErrorKind> = {
  429: 'rate-limited',
  503: 'unavailable',
  400: 'validation',
  409: 'key-in-use',
}

/**
 * response: the service answers an error
 * without acting (429, 503, 400/422, 409 key
 * in use) in its own shape, with Retry-After
 * where it sends one (docs/vendors.md); a
 * 400/422 sticks to the request's parameters.
 */
export const errorResponse = requestFaultKind({
  kind: 'error-response',
  boundary: 'response',
  targets: 'send',
  summary: "the service's own 429, 503, validation error (400 payments, 422 e-mail), or 409 key in use",
  truth: 'no effect',
  params: {
    status: z.literal([429, 503, 400, 409]).describe('which error'),
    retryAfterS: z
      .int()
      .min(0)
      .max(3_600)
      .optional()
      .describe(
        'Retry-After in seconds, where the service sends one (Resend; Stripe only with the stripe-retry-after profile); default 1',
      ),
  },
  // Four answers in one kind (each as
  // likely as a weight-1 kind): a 429 is
  // drawn about as often as a DNS failure.
  weight: 4,
  // Short pauses, pauses ending anywhere
  // in the turn, and ending near its end:
  // can a client still wait one out?
  parameters: (ctx) => {
    const turnS = Math.ceil(ctx.turnBudgetMs / 1_000)
    return fc.record(
      {
        // 429 twice as often: what a busy API answers most.
        status: fc.constantFrom(429 as const, 429 as const, 503 as const, 400 as const, 409 as const),
        retryAfterS: fc.oneof(
          fc.constantFrom(1, 2, 5),
          fc.integer({ min: 1, max: turnS + 5 }),
          fc.integer({ min: Math.max(1, turnS - 8), max: turnS + 2 }),
        ),
      },
      { requiredKeys: ['status'] },
    )
  },
  async strike(fault, ctl) {
    // Invalid stays invalid: the service refuses
    // these parameters from now on, so a resend
    // the judge blames is never accepted.
    if (fault.status === 400 && ctl.service.refuseAsInvalid) return ctl.service.refuseAsInvalid(ctl.request)
    return ctl.errorResponse(KIND[fault.status], fault.retryAfterS ?? 1)
  },
})
export type ErrorResponse = FaultOf<typeof errorResponse>
