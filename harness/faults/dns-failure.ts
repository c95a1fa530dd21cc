import type { RequestFaultBase, RequestFaultKind } from './fault.ts'
import { networkError } from './network-error.ts'

/** before-send: the service's name does not resolve; nothing is sent. */
export interface DnsFailure extends RequestFaultBase {
  readonly kind: 'dns-failure'
  readonly boundary: 'before-send'
}

export const dnsFailure: RequestFaultKind<DnsFailure> = {
  kind: 'dns-failure',
  boundary: 'before-send',
  targets: 'mutation',
  summary: 'DNS failure (ENOTFOUND)',
  truth: 'no effect',
  async strike(_fault, ctl) {
    throw networkError('ENOTFOUND', new URL(ctl.request.url).hostname)
  },
  check: () => null,
}
