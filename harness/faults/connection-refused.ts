import type { FaultBase, FaultKind } from './fault.ts'
import { networkError } from './network-error.ts'

/** before-send: the connection is refused; the request never leaves the client. Truth: no effect. */
export interface ConnectionRefused extends FaultBase {
  readonly kind: 'connection-refused'
  readonly boundary: 'before-send'
}

export const connectionRefused: FaultKind<ConnectionRefused> = {
  kind: 'connection-refused',
  boundary: 'before-send',
  summary: 'the connection is refused (ECONNREFUSED); the request is never sent',
  async strike(_fault, ctl) {
    throw networkError('ECONNREFUSED', new URL(ctl.request.url).hostname)
  },
  check: () => null,
}
