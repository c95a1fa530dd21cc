import type { FaultBase, FaultKind } from './fault.ts'
import { abandonedRequest } from './network-error.ts'

/**
 * after-effect: the effect is committed and the response never comes; the
 * client sees only its own timeout (an executor with no timeout hangs, which
 * the harness reports). Truth: effect.
 */
export interface WithholdAfterEffect extends FaultBase {
  readonly kind: 'withhold-after-effect'
  readonly boundary: 'after-effect'
}

export const withholdAfterEffect: FaultKind<WithholdAfterEffect> = {
  kind: 'withhold-after-effect',
  boundary: 'after-effect',
  summary: 'the effect is committed and the response is withheld until the client times out',
  async strike(_fault, ctl) {
    await ctl.deliver()
    ctl.loseResponse('response withheld until the client gave up')
    await ctl.clientGaveUp()
    throw abandonedRequest('the client gave up on a withheld response')
  },
  check: () => null,
}
