import type { RequestFaultBase, RequestFaultKind } from './fault.ts'
import { abandonedRequest } from './network-error.ts'

/**
 * after-effect: the effect is committed and the response never comes; the
 * client sees only its own timeout (an executor with no timeout hangs, which
 * the harness reports).
 */
export interface WithholdAfterEffect extends RequestFaultBase {
  readonly kind: 'withhold-after-effect'
  readonly boundary: 'after-effect'
}

export const withholdAfterEffect: RequestFaultKind<WithholdAfterEffect> = {
  kind: 'withhold-after-effect',
  boundary: 'after-effect',
  targets: 'mutation',
  summary: 'the server acted; the response is withheld until the client times out',
  truth: 'effect',
  async strike(_fault, ctl) {
    await ctl.deliver()
    ctl.loseResponse('response withheld until the client gave up')
    await ctl.clientGaveUp()
    throw abandonedRequest('the client gave up on a withheld response')
  },
  check: () => null,
}
