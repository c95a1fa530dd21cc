import fc from 'fast-check'
import { requestFaultKind, type FaultOf } from './fault.ts'
import { abandonedRequest } from './network-error.ts'

/** in-transit: silently dropped; the client waits it out. */
export const dropped = requestFaultKind({
  kind: 'dropped',
  boundary: 'in-transit',
  targets: 'send',
  summary: 'silently dropped; the client sees only its own timeout',
  truth: 'no effect',
  params: {},
  weight: 1,
  parameters: () => fc.constant({}),
  async strike(_fault, ctl) {
    await ctl.clientGaveUp()
    throw abandonedRequest('dropped request')
  },
})
export type Dropped = FaultOf<typeof dropped>
