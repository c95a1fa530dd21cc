import fc from 'fast-check'
import { requestFaultKind, type FaultOf } from './fault.ts'
import { abandonedRequest } from './network-error.ts'

/**
 * probe: a reconciliation read gets no answer until
 * the client times out. Reads change nothing.
 */
export const probeTimeout = requestFaultKind({
  kind: 'probe-timeout',
  boundary: 'probe',
  targets: 'probe',
  summary: "a reconciliation read times out (strikes the step's n-th read, not its n-th send)",
  truth: 'unchanged',
  params: {},
  weight: 2,
  parameters: () => fc.constant({}),
  async strike(_fault, ctl) {
    await ctl.clientGaveUp()
    throw abandonedRequest('probe withheld')
  },
})
export type ProbeTimeout = FaultOf<typeof probeTimeout>
