import fc from 'fast-check'
import { z } from 'zod'
import { requestFaultKind, type FaultOf } from './fault.ts'
import { networkError } from './network-error.ts'
import { partialBody } from './partial-body.ts'

/**
 * after-effect: committed; status, headers
 * and part of the body go out, then nothing
 * more until the client gives up (its own
 * timeout during the body; none: undici's
 * bodyTimeout, or it hangs, reported).
 */
export const bodyStall = requestFaultKind({
  kind: 'body-stall',
  boundary: 'after-effect',
  targets: 'send',
  summary: "the server acted and began its answer; the body stalls until the client's timeout",
  truth: 'effect',
  params: {
    bytes: z.int().min(1).max(65_536).describe('bytes of the body sent before it stalls (always fewer than the whole)'),
  },
  weight: 1,
  parameters: () => fc.record({ bytes: fc.oneof(fc.constantFrom(1, 16), fc.integer({ min: 1, max: 256 })) }),
  async strike(fault, ctl) {
    const response = await ctl.deliver()
    ctl.loseResponse('the body stalled until the client gave up')
    const host = new URL(ctl.request.url).hostname
    // Ended once the client is gone, so no
    // stream is left pending (its shape: the
    // client's shims; fetch's is the abort).
    // Open from now: a client that leaves
    // before its next read left mid-body.
    const left = ctl.clientGaveUp({ duringBody: true })
    return partialBody(response, fault.bytes, async () => {
      await left
      return networkError('ECONNRESET', host)
    })
  },
})
export type BodyStall = FaultOf<typeof bodyStall>
