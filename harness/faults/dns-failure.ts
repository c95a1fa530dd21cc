import fc from 'fast-check'
import { requestFaultKind, type FaultOf } from './fault.ts'
import { networkError } from './network-error.ts'

/** before-send: the name does not resolve; nothing is sent. */
export const dnsFailure = requestFaultKind({
  kind: 'dns-failure',
  boundary: 'before-send',
  targets: 'send',
  summary: 'DNS failure (ENOTFOUND)',
  truth: 'no effect',
  params: {},
  weight: 1,
  parameters: () => fc.constant({}),
  async strike(_fault, ctl) {
    throw networkError('ENOTFOUND', new URL(ctl.request.url).hostname)
  },
})
export type DnsFailure = FaultOf<typeof dnsFailure>
