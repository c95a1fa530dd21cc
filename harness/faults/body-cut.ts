import fc from 'fast-check'
import { z } from 'zod'
import { requestFaultKind, type FaultOf } from './fault.ts'
import { networkError } from './network-error.ts'
import { partialBody } from './partial-body.ts'

/**
 * after-effect: committed; the status line,
 * headers (the full content-length) and part
 * of the body go out, then the connection
 * closes. On a real socket (test/fidelity/
 * body-faults.test.ts): fetch `terminated`,
 * node:http `aborted`, axios ERR_BAD_RESPONSE
 * with the 200 on it.
 */
export const bodyCut = requestFaultKind({
  kind: 'body-cut',
  boundary: 'after-effect',
  targets: 'send',
  summary: 'the server acted and began its answer (status, headers, part of the body); then the connection closed',
  truth: 'effect',
  params: {
    bytes: z.int().min(1).max(65_536).describe('bytes of the body sent before the cut (always fewer than the whole)'),
  },
  weight: 1,
  // A few bytes, or most of a short JSON body.
  parameters: () => fc.record({ bytes: fc.oneof(fc.constantFrom(1, 16), fc.integer({ min: 1, max: 256 })) }),
  async strike(fault, ctl) {
    const response = await ctl.deliver()
    ctl.loseResponse('connection closed while the body was sent')
    const host = new URL(ctl.request.url).hostname
    // The close, as the stream's error: the
    // client's own shims give it its shape.
    return partialBody(response, fault.bytes, async () => networkError('ECONNRESET', host))
  },
})
export type BodyCut = FaultOf<typeof bodyCut>
