// gateway-error: per client, what a proxy's HTML
// 502/500/503 raises in a run equals what it raises
// on a REAL loopback socket whose server answers
// nginx's page with nginx's status line. (No shim
// is involved: each client's own code reads the
// Response; this pins that nothing else differs.)
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Executor } from '../../harness/contract/executor.ts'
import type { RequestFault } from '../../harness/faults/catalogue.ts'
import { gatewayPage, type GatewayErrorStatus } from '../../harness/faults/gateway-error.ts'
import { runScenario } from '../../harness/run/runner.ts'
import { refundScenario } from '../support/scenario.ts'
import { CLIENT_TIMEOUT_MS, CLIENTS, loadClient, type ClientCall, type ClientName } from './support/clients.ts'
import { differences, observe, summary, type Observed, type Outcome } from './support/observe.ts'
import { captureInRun } from './support/simulated.ts'

const STATUSES = [502, 500, 503] as const
const REASON: Record<GatewayErrorStatus, string> = {
  502: 'Bad Gateway',
  500: 'Internal Server Error',
  503: 'Service Temporarily Unavailable',
}

/** resend's SDK: fetch underneath; it returns its error. */
const resendCall: ClientCall = async (base) => {
  const { Resend } = await import('resend')
  const resend = new Resend('re_fidelity', { baseUrl: base } as never)
  const r = await resend.emails.send({ from: 'a@shop.test', to: ['c@mail.test'], subject: 's', text: 't' }, {
    idempotencyKey: 'fidelity-key',
    signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS),
  } as never)
  if (r.error) throw r.error
  return 200
}

type Client = ClientName | 'resend'
const ALL: readonly Client[] = [...CLIENTS, 'resend']
const calls = new Map<Client, ClientCall>()
const real = new Map<string, Outcome>()
const key = (client: Client, status: number) => `${client} × ${status}`

/** A loopback proxy that answers its own page. */
async function captureReal(call: ClientCall, status: GatewayErrorStatus): Promise<Outcome> {
  const page = gatewayPage(status)
  const server = createServer((req, res) => {
    req.resume()
    req.on('end', () => {
      res.writeHead(status, REASON[status], {
        'content-type': 'text/html',
        'content-length': String(Buffer.byteLength(page)),
        server: 'nginx',
      })
      res.end(page)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  try {
    return await call(`http://127.0.0.1:${(server.address() as AddressInfo).port}`).then(
      (s): Outcome => ({ kind: 'response', status: s }),
      (e: unknown): Outcome => ({ kind: 'error', error: observe(e) }),
    )
  } finally {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  }
}

const faultsOf = (status: GatewayErrorStatus): RequestFault[] =>
  [1, 2, 3].map((send) => ({
    kind: 'gateway-error',
    boundary: 'gateway',
    step: 's1',
    send,
    status,
    upstream: 'not-reached',
    afterMs: 0,
  }))

/** resend's call in a run, to the e-mail service. */
async function captureEmail(call: ClientCall, faults: RequestFault[]): Promise<Outcome> {
  let outcome: Outcome | undefined
  const executor: Executor = {
    name: 'fidelity-email-gateway',
    async boot(ctx) {
      return {
        async callTool() {
          outcome = await call(ctx.services.email).then(
            (status): Outcome => ({ kind: 'response', status }),
            (e: unknown): Outcome => ({ kind: 'error', error: observe(e) }),
          )
          return { status: 'UNKNOWN', retry_safe: false, effect: null, action_taken: 'probe', message: 'observed' }
        },
      }
    },
  }
  await runScenario(
    refundScenario({
      name: 'fidelity-email',
      faults,
      model: { maxAsks: 1, regenerateArgs: false },
      services: { payments: { processingMs: 0, paymentIntents: [] }, email: { processingMs: 0 } },
    }),
    executor,
  )
  if (!outcome) throw new Error('the resend call never completed in the run')
  return outcome
}

/** Ids and durations the worlds give by nature. */
function timeless(o: Outcome): Outcome {
  if (o.kind !== 'error') return o
  const strip = (e: Observed): Observed => {
    const fields = { ...e.fields }
    const response = fields.response as Record<string, unknown> | undefined
    if (response && typeof response === 'object' && 'duration' in response)
      fields.response = { ...response, duration: '<ms>' }
    return {
      ...e,
      fields,
      ...(e.cause ? { cause: strip(e.cause) } : {}),
      ...(e.detail ? { detail: strip(e.detail) } : {}),
    }
  }
  return { kind: 'error', error: strip(o.error) }
}

const shown = (o: Outcome) => (o.kind === 'error' ? summary(o.error) : `HTTP ${o.status}`)

beforeAll(async () => {
  for (const client of CLIENTS) {
    const l = await loadClient(client)
    if ('call' in l) calls.set(client, l.call)
  }
  calls.set('resend', resendCall)
  for (const client of ALL) {
    const call = calls.get(client)
    if (!call) continue
    // A cold client can miss a 200 ms timeout
    // on a loaded machine: warm it first.
    await captureReal(call, 502)
    for (const status of STATUSES) real.set(key(client, status), await captureReal(call, status))
  }
}, 30_000)

describe.each(ALL)('%s', (client) => {
  it.each(STATUSES)("a proxy's %i page: the same in a run as on a real socket", async (status) => {
    const call = calls.get(client)
    expect(call, `${client} is not installed`).toBeDefined()
    const r = real.get(key(client, status))!
    const sim =
      client === 'resend'
        ? await captureEmail(call!, faultsOf(status))
        : (await captureInRun(call!, faultsOf(status), `fidelity-gateway-${status}`)).outcome
    const diff = differences(timeless(r), timeless(sim))
    expect(
      diff,
      `${client} × ${status}\n  real:      ${shown(r)}\n  simulated: ${shown(sim)}\n  ${diff.join('\n  ')}`,
    ).toEqual([])
    // What the audit's cells show (docs/mapping-audit.md).
    if (client === 'fetch' || client.startsWith('node:http')) expect(r).toEqual({ kind: 'response', status })
    if (client === 'axios')
      expect(shown(r)).toBe(`AxiosError: Request failed with status code ${status} [ERR_BAD_RESPONSE]`)
    if (client.startsWith('stripe'))
      expect(shown(r)).toMatch(/^StripeAPIError \(name Error\): Invalid JSON received from the Stripe API/)
    if (client === 'resend')
      expect(shown(r)).toBe(
        'Object (name application_error): Internal server error. We are unable to process your request right now, please try again later.',
      )
  })
})
