import fc from 'fast-check'
import { z } from 'zod'
import { nearTurnEnd, requestFaultKind, type FaultOf } from './fault.ts'
import { abandonedRequest } from './network-error.ts'

/**
 * Just under and over common client timeouts
 * (8, 10, 30 s), and some short delays.
 */
const DELAYS = fc.constantFrom(100, 1_000, 7_900, 8_100, 9_900, 10_100, 29_900, 30_100)

/**
 * in-transit: the request takes `delayMs`.
 * Past the client's timeout the client
 * gives up, and it arrives anyway.
 */
export const latency = requestFaultKind({
  kind: 'latency',
  boundary: 'in-transit',
  targets: 'send',
  summary: 'added latency; past the client timeout the client sees its own timeout',
  truth: 'effect',
  params: { delayMs: z.int().min(0).max(600_000).describe('how long the request takes to arrive') },
  weight: 2,
  // Around client timeouts, and arriving in the
  // turn's last seconds (for a send at its start).
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
