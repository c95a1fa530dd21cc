import { checkInt, type RequestFaultBase, type RequestFaultKind } from './fault.ts'
import { abandonedRequest } from './network-error.ts'

/**
 * in-transit: the request is held in the network and delivered `delayMs`
 * after the client gave up on it (possibly after its retry). It arrives, so
 * the effect happens. A client with no timeout just sees latency of MAX_HOLD_MS.
 */
export interface LateDelivery extends RequestFaultBase {
  readonly kind: 'late-delivery'
  readonly boundary: 'in-transit'
  /** How long after the client gave up the request arrives. */
  readonly delayMs: number
}

/** The longest a request is held for a client that never gives up. */
export const MAX_HOLD_MS = 120_000

export const lateDelivery: RequestFaultKind<LateDelivery> = {
  kind: 'late-delivery',
  boundary: 'in-transit',
  targets: 'mutation',
  summary: 'the request is held and delivered after the client gave up (its own timeout)',
  truth: 'effect, late',
  async strike(fault, ctl) {
    const gaveUp = await ctl.giveUpWithin(MAX_HOLD_MS)
    if (!gaveUp) return ctl.deliver()
    await ctl.hold(fault.delayMs)
    await ctl.deliver()
    ctl.loseResponse('delivered after the client gave up')
    throw abandonedRequest('late delivery: nobody is listening')
  },
  check: (f) => checkInt(f, 'delayMs', 0, 600_000),
}
