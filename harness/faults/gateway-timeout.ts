import fc from 'fast-check'
import { z } from 'zod'
import { nearTurnEnd, requestFaultKind, type FaultOf } from './fault.ts'
import { abandonedRequest } from './network-error.ts'

/**
 * How long after the 504 a finishing
 * upstream applies the request.
 */
export const UPSTREAM_LAG_MS = 1_000

const GATEWAY_PAGE =
  '<html><head><title>504 Gateway Time-out</title></head><body><center><h1>504 Gateway Time-out</h1></center></body></html>\n'

/**
 * gateway: a gateway answers 504 after
 * `afterMs`; the upstream finishes a
 * second later (effect) or dies (none).
 */
export const gatewayTimeout = requestFaultKind({
  kind: 'gateway-timeout',
  boundary: 'gateway',
  targets: 'send',
  summary: "HTTP 504 from a gateway (an HTML page, not the service's JSON)",
  truth: 'effect iff the upstream finishes',
  params: {
    upstream: z.enum(['finishes', 'dies']).describe('whether the upstream applies the request after the 504'),
    afterMs: z.int().min(0).max(120_000).describe('when the gateway answers 504'),
  },
  weight: 2,
  // Quick and slow 504s, one anywhere in the turn,
  // and one 4.5–1 s before its end: the client still
  // waits, but too little is left to send again.
  parameters: (ctx) =>
    fc.record({
      upstream: fc.constantFrom('finishes' as const, 'dies' as const),
      afterMs: fc.oneof(
        fc.constantFrom(1_000, 5_000),
        fc.integer({ min: 0, max: Math.min(120_000, ctx.turnBudgetMs) }),
        nearTurnEnd(ctx, -4_500, -1_000, 120_000),
      ),
    }),
  async strike(fault, ctl) {
    if (fault.upstream === 'finishes') {
      void ctl
        .hold(fault.afterMs + UPSTREAM_LAG_MS)
        .then(async () => {
          await ctl.deliver()
          ctl.loseResponse('the upstream finished after the gateway gave up')
        })
        // The service restarted meanwhile: the
        // work died with it (no effect;
        // recorded). Nobody waits for the answer.
        .catch(() => {})
    }
    if (await ctl.giveUpWithin(fault.afterMs)) throw abandonedRequest('the client gave up before the gateway answered')
    return new Response(GATEWAY_PAGE, {
      status: 504,
      headers: { 'content-type': 'text/html', 'content-length': String(GATEWAY_PAGE.length) },
    })
  },
})
export type GatewayTimeout = FaultOf<typeof gatewayTimeout>
