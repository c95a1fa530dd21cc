import { checkInt, type RequestFaultBase, type RequestFaultKind } from './fault.ts'
import { abandonedRequest } from './network-error.ts'

/**
 * in-transit: the request takes `delayMs` to arrive. Just under the client's
 * timeout it is a slow success; just over, the client gives up while the
 * request is still on its way — and it arrives anyway.
 */
export interface Latency extends RequestFaultBase {
  readonly kind: 'latency'
  readonly boundary: 'in-transit'
  readonly delayMs: number
}

export const latency: RequestFaultKind<Latency> = {
  kind: 'latency',
  boundary: 'in-transit',
  targets: 'mutation',
  summary: 'added latency; past the client timeout the client sees its own timeout',
  truth: 'effect',
  async strike(fault, ctl) {
    let gaveUp = false
    void ctl.clientGaveUp().then(() => (gaveUp = true))
    await ctl.hold(fault.delayMs)
    const response = await ctl.deliver()
    if (!gaveUp) return response
    ctl.loseResponse('the client gave up before the slow request arrived')
    throw abandonedRequest('slow request: nobody is listening')
  },
  check: (f) => checkInt(f, 'delayMs', 0, 600_000),
}
