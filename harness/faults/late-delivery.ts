import type { FaultBase, FaultKind } from './fault.ts'
import { abandonedRequest } from './network-error.ts'

/**
 * in-transit: the request is held in the network and delivered `delayMs`
 * after the client gave up on it (possibly after its retry). Truth: effect iff
 * it arrives — and it does. A client with no timeout just sees latency of `holdMs`.
 */
export interface LateDelivery extends FaultBase {
  readonly kind: 'late-delivery'
  readonly boundary: 'in-transit'
  /** How long after the client gave up the request arrives. */
  readonly delayMs: number
}

/** The longest a request is held for a client that never gives up. */
export const MAX_HOLD_MS = 120_000

export const lateDelivery: FaultKind<LateDelivery> = {
  kind: 'late-delivery',
  boundary: 'in-transit',
  summary: 'the request is held and delivered after the client has given up',
  async strike(fault, ctl) {
    const gaveUp = await Promise.race([ctl.clientGaveUp().then(() => true), ctl.hold(MAX_HOLD_MS).then(() => false)])
    if (!gaveUp) return ctl.deliver()
    await ctl.hold(fault.delayMs)
    await ctl.deliver()
    ctl.loseResponse('delivered after the client gave up')
    throw abandonedRequest('late delivery: nobody is listening')
  },
  check: (f) =>
    typeof f.delayMs === 'number' && Number.isInteger(f.delayMs) && f.delayMs >= 0 && f.delayMs <= 600_000
      ? null
      : `delayMs must be an integer from 0 to 600000, got ${JSON.stringify(f.delayMs)}`,
}
