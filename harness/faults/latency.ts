import fc from 'fast-check'
import { z } from 'zod'
import { nearTurnEnd, requestFaultKind, type FaultOf } from './fault.ts'
import { abandonedRequest } from './network-error.ts'

/** Delays around common client timeouts (8 s, 10 s, 30 s), just under and just over, and some short ones. */
const DELAYS = fc.constantFrom(100, 1_000, 7_900, 8_100, 9_900, 10_100, 29_900, 30_100)

/**
 * in-transit: the request takes `delayMs` to arrive. Just under the client's
 * timeout it is a slow success; just over, the client gives up while the
 * request is still on its way — and it arrives anyway.
 */
export const latency = requestFaultKind({
  kind: 'latency',
  boundary: 'in-transit',
  targets: 'send',
  summary: 'added latency; past the client timeout the client sees its own timeout',
  truth: 'effect',
  params: { delayMs: z.int().min(0).max(600_000).describe('how long the request takes to arrive') },
  weight: 2,
  // Around common client timeouts, and arriving in the turn's last seconds (a send at its start).
  parameters: (ctx) => fc.record({ delayMs: fc.oneof(DELAYS, nearTurnEnd(ctx, -4_000, 1_000)) }),
  async strike(fault, ctl) {
    let gaveUp = false
    void ctl.clientGaveUp().then(() => (gaveUp = true))
    await ctl.hold(fault.delayMs)
    const response = await ctl.deliver()
    if (!gaveUp) return response
    ctl.loseResponse('the client gave up before the slow request arrived')
    throw abandonedRequest('slow request: nobody is listening')
  },
})
export type Latency = FaultOf<typeof latency>
