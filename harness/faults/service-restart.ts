import fc from 'fast-check'
import { requestFaultKind, type FaultOf } from './fault.ts'
import { networkError } from './network-error.ts'

/**
 * service: the service restarts while the request is being received: the
 * request is lost (no effect), the client's connection is reset, and the
 * service comes back with its keys if its key store is durable, without them
 * if it is volatile.
 */
export const serviceRestart = requestFaultKind({
  kind: 'service-restart',
  boundary: 'service',
  targets: 'send',
  summary: 'the service restarts (keys kept by a durable store, lost by a volatile one); the client sees ECONNRESET',
  truth: 'no effect; keys kept or lost',
  params: {},
  weight: 1,
  parameters: () => fc.constant({}),
  async strike(_fault, ctl) {
    ctl.restartService()
    throw networkError('ECONNRESET', new URL(ctl.request.url).hostname)
  },
})
export type ServiceRestart = FaultOf<typeof serviceRestart>
