import fc from 'fast-check'
import { requestFaultKind, type FaultOf } from './fault.ts'
import { abandonedRequest } from './network-error.ts'

/**
 * after-effect: committed; the response
 * never comes. The client sees its own
 * timeout (none: fetch's undici headers
 * timeout, 300 s; node:http hangs, reported).
 */
export const withholdAfterEffect = requestFaultKind({
  kind: 'withhold-after-effect',
  boundary: 'after-effect',
  targets: 'send',
  summary: 'the server acted; the response is withheld until the client times out',
  truth: 'effect',
  params: {},
  weight: 2,
  spine: true,
  parameters: () => fc.constant({}),
  async strike(_fault, ctl) {
    await ctl.deliver()
    ctl.loseResponse('response withheld until the client gave up')
    await ctl.clientGaveUp()
    throw abandonedRequest('the client gave up on a withheld response')
  },
})
export type WithholdAfterEffect = FaultOf<typeof withholdAfterEffect>
