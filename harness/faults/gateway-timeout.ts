import { checkInt, checkOneOf, type RequestFaultBase, type RequestFaultKind } from './fault.ts'
import { abandonedRequest } from './network-error.ts'

/**
 * gateway: a gateway in front of the service answers 504 after `afterMs`
 * while the upstream either finishes later (the request reaches the service a
 * second after the 504: effect) or dies (never: no effect).
 */
export interface GatewayTimeout extends RequestFaultBase {
  readonly kind: 'gateway-timeout'
  readonly boundary: 'gateway'
  readonly upstream: 'finishes' | 'dies'
  readonly afterMs: number
}

/** How long after the 504 a finishing upstream applies the request. */
export const UPSTREAM_LAG_MS = 1_000

const GATEWAY_PAGE = '<html><head><title>504 Gateway Time-out</title></head><body><center><h1>504 Gateway Time-out</h1></center></body></html>\n'

export const gatewayTimeout: RequestFaultKind<GatewayTimeout> = {
  kind: 'gateway-timeout',
  boundary: 'gateway',
  targets: 'mutation',
  summary: 'HTTP 504 from a gateway (an HTML page, not the service\'s JSON)',
  truth: 'effect iff the upstream finishes',
  async strike(fault, ctl) {
    if (fault.upstream === 'finishes') {
      void ctl
        .hold(fault.afterMs + UPSTREAM_LAG_MS)
        .then(async () => {
          await ctl.deliver()
          ctl.loseResponse('the upstream finished after the gateway gave up')
        })
        // The service restarted while the upstream worked on it: the work died with it (no effect;
        // the pipeline recorded the lost response). Nobody is waiting for this answer.
        .catch(() => {})
    }
    if (await ctl.giveUpWithin(fault.afterMs)) throw abandonedRequest('the client gave up before the gateway answered')
    return new Response(GATEWAY_PAGE, { status: 504, headers: { 'content-type': 'text/html' } })
  },
  check: (f) => checkOneOf(f, 'upstream', ['finishes', 'dies']) ?? checkInt(f, 'afterMs', 0, 120_000),
}
