import type { RequestFaultBase, RequestFaultKind } from './fault.ts'
import { networkError } from './network-error.ts'

/** before-send: the connection is refused; the request never leaves the client. */
export interface ConnectionRefused extends RequestFaultBase {
  readonly kind: 'connection-refused'
  readonly boundary: 'before-send'
}

export const connectionRefused: RequestFaultKind<ConnectionRefused> = {
  kind: 'connection-refused',
  boundary: 'before-send',
  targets: 'mutation',
  summary: 'connection refused (ECONNREFUSED)',
  truth: 'no effect',
  async strike(_fault, ctl) {
    throw networkError('ECONNREFUSED', new URL(ctl.request.url).hostname)
  },
  check: () => null,
}
