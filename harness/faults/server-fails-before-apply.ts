import { checkOneOf, type RequestFaultBase, type RequestFaultKind } from './fault.ts'
import { networkError } from './network-error.ts'

/**
 * after-receipt: the server has the request but fails before applying it:
 * the connection is reset, it answers 503, or it fails internally with a 500
 * (which Stripe stores under the idempotency key and replays). No effect. To
 * the client a reset looks exactly like a reset after the effect: that is the point.
 */
export interface ServerFailsBeforeApply extends RequestFaultBase {
  readonly kind: 'server-fails-before-apply'
  readonly boundary: 'after-receipt'
  readonly mode: 'reset' | '503' | '500'
}

export const serverFailsBeforeApply: RequestFaultKind<ServerFailsBeforeApply> = {
  kind: 'server-fails-before-apply',
  boundary: 'after-receipt',
  targets: 'mutation',
  summary: 'the server fails before applying: connection reset, 503, or an internal 500',
  truth: 'no effect',
  async strike(fault, ctl) {
    if (fault.mode === '503') return ctl.errorResponse('unavailable')
    if (fault.mode === '500') return ctl.deliver({ internalError: true })
    throw networkError('ECONNRESET', new URL(ctl.request.url).hostname)
  },
  check: (f) => checkOneOf(f, 'mode', ['reset', '503', '500']),
}
