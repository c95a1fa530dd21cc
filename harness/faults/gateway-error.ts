import fc from 'fast-check'
import { z } from 'zod'
import { nearTurnEnd, requestFaultKind, type FaultOf } from './fault.ts'
import { abandonedRequest, isInjectedNetworkError } from './network-error.ts'

/** The statuses a proxy answers with its own page. */
export const GATEWAY_ERROR_STATUSES = [502, 500, 503] as const
export type GatewayErrorStatus = (typeof GATEWAY_ERROR_STATUSES)[number]

const REASON: Record<GatewayErrorStatus, string> = {
  502: 'Bad Gateway',
  500: 'Internal Server Error',
  503: 'Service Temporarily Unavailable',
}

/**
 * nginx's own page for `status`, as it serves
 * it with server_tokens off (nginx 1.31.5,
 * src/http/ngx_http_special_response.c:
 * ngx_http_error_50x_page, ngx_http_error_tail).
 */
export function gatewayPage(status: GatewayErrorStatus): string {
  const title = `${status} ${REASON[status]}`
  return [
    '<html>',
    `<head><title>${title}</title></head>`,
    '<body>',
    `<center><h1>${title}</h1></center>`,
    '<hr><center>nginx</center>',
    '</body>',
    '</html>',
    '',
  ].join('\r\n')
}

/**
 * gateway: a proxy in front of the service
 * answers 502, 500 or 503 with its own HTML
 * page after `afterMs`: before the upstream
 * was reached (no effect), or after it acted
 * and its answer died at the proxy (effect).
 */
export const gatewayError = requestFaultKind({
  kind: 'gateway-error',
  boundary: 'gateway',
  targets: 'send',
  summary: "HTTP 502, 500 or 503 from a proxy in front of the service (its HTML page, not the service's JSON)",
  truth: 'effect iff the upstream acted',
  params: {
    status: z
      .union([z.literal(502), z.literal(500), z.literal(503)])
      .describe("the proxy's status (its own HTML page)"),
    upstream: z
      .enum(['acted', 'not-reached'])
      .describe(
        'acted: the service applied the request, then its answer died at the proxy; not-reached: the proxy never reached it',
      ),
    afterMs: z
      .int()
      .min(0)
      .max(120_000)
      .describe("when the proxy answers: ms after it got the request (acted: after the upstream's answer)"),
  },
  // As often as gateway-timeout.
  weight: 2,
  // 502 twice as often: what proxies answer
  // most. Timing as gateway-timeout draws it.
  parameters: (ctx) =>
    fc.record({
      status: fc.constantFrom(502 as const, 502 as const, 500 as const, 503 as const),
      upstream: fc.constantFrom('acted' as const, 'not-reached' as const),
      afterMs: fc.oneof(
        fc.constantFrom(0, 1_000, 5_000),
        fc.integer({ min: 0, max: Math.min(120_000, ctx.turnBudgetMs) }),
        nearTurnEnd(ctx, -4_500, -1_000, 120_000),
      ),
    }),
  async strike(fault, ctl) {
    if (fault.upstream === 'acted') {
      try {
        await ctl.deliver()
        // nginx: "upstream prematurely closed
        // connection" → 502 (ngx_http_upstream_next).
        ctl.loseResponse(`the proxy answered ${fault.status} in place of the upstream's answer`)
      } catch (e) {
        // A restart killed the upstream (recorded):
        // the proxy still answers its page.
        if (!isInjectedNetworkError(e)) throw e
      }
    }
    if (await ctl.giveUpWithin(fault.afterMs)) throw abandonedRequest('the client gave up before the proxy answered')
    const page = gatewayPage(fault.status)
    return new Response(page, {
      status: fault.status,
      // nginx's status line (ngx_http_status_lines).
      statusText: REASON[fault.status],
      headers: {
        'content-type': 'text/html',
        'content-length': String(Buffer.byteLength(page)),
        server: 'nginx',
      },
    })
  },
})
export type GatewayError = FaultOf<typeof gatewayError>
