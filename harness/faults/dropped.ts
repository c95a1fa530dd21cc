import type { RequestFaultBase, RequestFaultKind } from './fault.ts'
import { abandonedRequest } from './network-error.ts'

/** in-transit: the request is silently dropped; the client waits for its own timeout. */
export interface Dropped extends RequestFaultBase {
  readonly kind: 'dropped'
  readonly boundary: 'in-transit'
}

export const dropped: RequestFaultKind<Dropped> = {
  kind: 'dropped',
  boundary: 'in-transit',
  targets: 'mutation',
  summary: 'silently dropped; the client sees only its own timeout',
  truth: 'no effect',
  async strike(_fault, ctl) {
    await ctl.clientGaveUp()
    throw abandonedRequest('dropped request')
  },
  check: () => null,
}
