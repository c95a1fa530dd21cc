import fc from 'fast-check'
import { requestFaultKind, type FaultOf } from './fault.ts'
import { networkError } from './network-error.ts'

/** after-effect: committed, then reset before the response. */
export const resetAfterEffect = requestFaultKind({
  kind: 'reset-after-effect',
  boundary: 'after-effect',
  targets: 'send',
  summary: 'connection reset after the server acted (ECONNRESET)',
  truth: 'effect',
  params: {},
  weight: 3,
  spine: true,
  parameters: () => fc.constant({}),
  async strike(_fault, ctl) {
    await ctl.deliver()
    ctl.loseResponse('connection reset after the effect')
    throw networkError('ECONNRESET', new URL(ctl.request.url).hostname)
  },
})
export type ResetAfterEffect = FaultOf<typeof resetAfterEffect>
