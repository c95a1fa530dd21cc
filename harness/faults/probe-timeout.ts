import type { RequestFaultBase, RequestFaultKind } from './fault.ts'
import { abandonedRequest } from './network-error.ts'

/** probe: a reconciliation read gets no answer until the client times out. Reads change nothing. */
export interface ProbeTimeout extends RequestFaultBase {
  readonly kind: 'probe-timeout'
  readonly boundary: 'probe'
}

export const probeTimeout: RequestFaultKind<ProbeTimeout> = {
  kind: 'probe-timeout',
  boundary: 'probe',
  targets: 'probe',
  summary: 'a reconciliation read times out (strikes the n-th read, not the n-th write)',
  truth: 'unchanged',
  async strike(_fault, ctl) {
    await ctl.clientGaveUp()
    throw abandonedRequest('probe withheld')
  },
  check: () => null,
}
