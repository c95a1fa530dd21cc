import type { RequestFaultBase, RequestFaultKind } from './fault.ts'
import { networkError } from './network-error.ts'

/** after-effect: the effect is committed, then the connection is reset before the response. */
export interface ResetAfterEffect extends RequestFaultBase {
  readonly kind: 'reset-after-effect'
  readonly boundary: 'after-effect'
}

export const resetAfterEffect: RequestFaultKind<ResetAfterEffect> = {
  kind: 'reset-after-effect',
  boundary: 'after-effect',
  targets: 'mutation',
  summary: 'connection reset after the server acted (ECONNRESET)',
  truth: 'effect',
  async strike(_fault, ctl) {
    await ctl.deliver()
    ctl.loseResponse('connection reset after the effect')
    throw networkError('ECONNRESET', new URL(ctl.request.url).hostname)
  },
  check: () => null,
}
