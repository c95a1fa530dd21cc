import type { FaultBase, FaultKind } from './fault.ts'
import { networkError } from './network-error.ts'

/** after-effect: the effect is committed, then the connection is reset before the response. Truth: effect. */
export interface ResetAfterEffect extends FaultBase {
  readonly kind: 'reset-after-effect'
  readonly boundary: 'after-effect'
}

export const resetAfterEffect: FaultKind<ResetAfterEffect> = {
  kind: 'reset-after-effect',
  boundary: 'after-effect',
  summary: 'the effect is committed, then the connection is reset (ECONNRESET)',
  async strike(_fault, ctl) {
    await ctl.deliver()
    ctl.loseResponse('connection reset after the effect')
    throw networkError('ECONNRESET', new URL(ctl.request.url).hostname)
  },
  check: () => null,
}
