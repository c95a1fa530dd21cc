import type { FaultBase, FaultKind } from './fault.ts'
import { networkError } from './network-error.ts'
import { jsonResponse } from '../../mock-services/json-response.ts'

/**
 * after-receipt: the server has the request but fails before applying it —
 * the connection is reset, or it answers 503. Truth: no effect. To the client a
 * reset looks exactly like a reset after the effect: that is the point.
 */
export interface ServerFailsBeforeApply extends FaultBase {
  readonly kind: 'server-fails-before-apply'
  readonly boundary: 'after-receipt'
  readonly mode: 'reset' | '503'
}

export const serverFailsBeforeApply: FaultKind<ServerFailsBeforeApply> = {
  kind: 'server-fails-before-apply',
  boundary: 'after-receipt',
  summary: 'the server fails before applying the request: connection reset, or 503',
  async strike(fault, ctl) {
    if (fault.mode === '503') {
      return jsonResponse(
        { error: { type: 'api_error', message: 'The service is temporarily unavailable.' } },
        { status: 503, headers: { 'Stripe-Should-Retry': 'true' } },
      )
    }
    throw networkError('ECONNRESET', new URL(ctl.request.url).hostname)
  },
  check: (f) => (f.mode === 'reset' || f.mode === '503' ? null : `mode must be "reset" or "503", got ${JSON.stringify(f.mode)}`),
}
