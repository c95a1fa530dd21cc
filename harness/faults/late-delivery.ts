import fc from 'fast-check'
import { z } from 'zod'
import { nearTurnEnd, requestFaultKind, type FaultOf } from './fault.ts'
import { abandonedRequest } from './network-error.ts'

/**
 * The longest a request is held for
 * a client that never gives up.
 */
export const MAX_HOLD_MS = 120_000

/**
 * in-transit: held, then delivered `delayMs`
 * after the client gave up (maybe after its
 * retry): the effect happens. A client with
 * no timeout sees MAX_HOLD_MS of latency.
 */
export const lateDelivery = requestFaultKind({
  kind: 'late-delivery',
  boundary: 'in-transit',
  targets: 'send',
  summary: 'the request is held and delivered after the client gave up (its own timeout)',
  truth: 'effect, late',
  params: { delayMs: z.int().min(0).max(600_000).describe('how long after the client gave up the request arrives') },
  weight: 2,
  spine: true,
  // Soon after giving up (while it
  // reconciles), anywhere in a turn, and near
  // its end: a timed-out send lands late.
  parameters: (ctx) =>
    fc.record({
      delayMs: fc.oneof(
        fc.integer({ min: 0, max: 2_000 }),
        fc.integer({ min: 0, max: 30_000 }),
        nearTurnEnd(ctx, -12_000, 1_000),
      ),
    }),
  async strike(fault, ctl) {
    const gaveUp = await ctl.giveUpWithin(MAX_HOLD_MS)
    if (!gaveUp) return ctl.deliver()
    await ctl.hold(fault.delayMs)
    await ctl.deliver()
    ctl.loseResponse('delivered after the client gave up')
    throw abandonedRequest('late delivery: nobody is listening')
  },
})
export type LateDelivery = FaultOf<typeof lateDelivery>
