import fc from 'fast-check'
import { z } from 'zod'
import { requestFaultKind, type FaultOf } from './fault.ts'
import { networkError } from './network-error.ts'

/**
 * after-receipt: fails before applying (reset,
 * 503, or a 500 Stripe stores under the key and
 * replays). To the client a reset looks like
 * one after the effect: that is the point.
 */
export const serverFailsBeforeApply = requestFaultKind({
  kind: 'server-fails-before-apply',
  boundary: 'after-receipt',
  targets: 'send',
  summary: 'the server fails before applying: connection reset, 503, or an internal 500',
  truth: 'no effect',
  params: { mode: z.enum(['reset', '503', '500']).describe('how it fails') },
  weight: 3,
  spine: true,
  parameters: (ctx) =>
    fc.record({
      mode: ctx.spineOnly
        ? fc.constantFrom('reset' as const, '503' as const)
        : fc.constantFrom('reset' as const, '503' as const, 'reset' as const, '503' as const, '500' as const),
    }),
  async strike(fault, ctl) {
    if (fault.mode === '503') return ctl.errorResponse('unavailable')
    if (fault.mode === '500') return ctl.deliver({ internalError: true })
    throw networkError('ECONNRESET', new URL(ctl.request.url).hostname)
  },
})
export type ServerFailsBeforeApply = FaultOf<typeof serverFailsBeforeApply>
