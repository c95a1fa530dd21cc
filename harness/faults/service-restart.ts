import fc from 'fast-check'
import { requestFaultKind, type FaultOf } from './fault.ts'
import { networkError } from './network-error.ts'

/**
 * service: restarts while receiving: the
 * request is lost, the connection reset;
 * keys survive only a durable store.
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
