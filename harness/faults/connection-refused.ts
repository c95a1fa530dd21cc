import fc from 'fast-check'
import { requestFaultKind, type FaultOf } from './fault.ts'
import { networkError } from './network-error.ts'

/** before-send: connection refused; nothing leaves the client. */
export const connectionRefused = requestFaultKind({
  kind: 'connection-refused',
  boundary: 'before-send',
  targets: 'send',
  summary: 'connection refused (ECONNREFUSED)',
  truth: 'no effect',
  params: {},
  weight: 2,
  spine: true,
  parameters: () => fc.constant({}),
  async strike(_fault, ctl) {
    throw networkError('ECONNREFUSED', new URL(ctl.request.url).hostname)
  },
})
export type ConnectionRefused = FaultOf<typeof connectionRefused>
