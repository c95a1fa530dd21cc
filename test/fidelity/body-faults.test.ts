// body-cut and body-stall: per client, the error
// raised in a run equals the one on a REAL
// loopback socket whose server sends 200, the
// whole body's content-length and part of the
// body, then closes the connection (cut) or
// sends nothing more (stall).
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { performance } from 'node:perf_hooks'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Executor } from '../../harness/contract/executor.ts'
import type { RequestFault } from '../../harness/faults/catalogue.ts'
import { eventsOf } from '../../harness/history/history.ts'
import { runScenario } from '../../harness/run/runner.ts'
import { fastTimerDelay, TICK_MS } from '../../harness/sim/undici-timeouts.ts'
import { refundScenario } from '../support/scenario.ts'
import { CLIENT_TIMEOUT_MS, CLIENTS, loadClient, type ClientCall, type ClientName } from './support/clients.ts'
import { differences, observe, summary, type Cell, type Observed, type Outcome } from './support/observe.ts'
import { captureInRun } from './support/simulated.ts'

const FAULTS = ['body-cut', 'body-stall'] as const
type BodyFault = (typeof FAULTS)[number]

/** Bytes of the body before the cut or stall. */
const BYTES = 10

/** A refund, as the payments service answers. */
const BODY = JSON.stringify({ id: 're_1', object: 'refund', amount: 4990, status: 'succeeded' })

const EARLY_MS = 2
const LATE_MS = 5_000

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
const real = new Map<string, Cell>()
const key = (client: Client, fault: BodyFault) => `${client} × ${fault}`

/** A loopback server that cuts or stalls every answer. */
async function captureReal(call: ClientCall, fault: BodyFault): Promise<Cell> {
  let requests = 0
  const server = createServer((req, res) => {
    req.resume()
    req.on('end', () => {
      requests++
      // Stripe names every answer (Request-Id).
      res.writeHead(200, {
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(BODY)),
        'request-id': 'req_loopback',
      })
      // Flushed first; the close (FIN) follows it.
      res.write(BODY.slice(0, BYTES), () => {
        if (fault === 'body-cut') req.socket.destroy()
      })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  try {
    const start = performance.now()
    const outcome = await call(`http://127.0.0.1:${(server.address() as AddressInfo).port}`).then(
      (status) => ({ kind: 'response' as const, status }),
      (e: unknown) => ({ kind: 'error' as const, error: observe(e) }),
    )
    return { outcome, requests, elapsedMs: performance.now() - start }
  } finally {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  }
}

function faultsOf(kind: BodyFault): RequestFault[] {
  return [1, 2, 3].map((send) => ({ kind, boundary: 'after-effect', step: 's1', send, bytes: BYTES }) as RequestFault)
}

/** What each client reports, on a real socket (docs/fidelity.md). */
const EXPECTED: Record<Client, Record<BodyFault, { error: string; atMs: number; earliestMs?: number }>> = (() => {
  const FETCH_CUT = 'TypeError: terminated ← SocketError: other side closed [UND_ERR_SOCKET]'
  const TIMEOUT = 'DOMException (name TimeoutError): The operation was aborted due to timeout'
  const ABORTED = 'Error: aborted [ECONNRESET]'
  const AXIOS = 'AxiosError: stream has been aborted [ERR_BAD_RESPONSE]'
  const STRIPE = 'StripeConnectionError (name Error)'
  const BODY_ERROR = 'HttpClientResponseBodyError (name Error): Failed to read the response body'
  const BODY_CUT = `${BODY_ERROR}`
  const RESEND = 'Object (name application_error): Unable to fetch data. The request could not be resolved.'
  const both = (error: string, stall = error) => ({
    'body-cut': { error, atMs: 0 },
    'body-stall': { error: stall, atMs: CLIENT_TIMEOUT_MS },
  })
  const undiciRequest = {
    'body-cut': { error: 'SocketError: other side closed [UND_ERR_SOCKET]', atMs: 0 },
    // Its bodyTimeout, on its fast timers; on
    // a socket up to a tick early (the ticks'
    // phase is other timers').
    'body-stall': {
      error: 'BodyTimeoutError: Body Timeout Error [UND_ERR_BODY_TIMEOUT]',
      atMs: fastTimerDelay(CLIENT_TIMEOUT_MS),
      earliestMs: fastTimerDelay(CLIENT_TIMEOUT_MS) - TICK_MS,
    },
  }
  return {
    fetch: both(FETCH_CUT, TIMEOUT),
    'node:http': both(ABORTED),
    'node:http (timeout option)': both(ABORTED),
    axios: both(AXIOS),
    'stripe-node': both(
      `${STRIPE}: An error occurred with our connection to Stripe. ← ${BODY_ERROR} [ECONNRESET]`,
      `${STRIPE}: Request aborted due to timeout being reached (${CLIENT_TIMEOUT_MS}ms) ← ${BODY_ERROR} [ETIMEDOUT]`,
    ),
    'stripe-fetch': both(
      `${STRIPE}: An error occurred with our connection to Stripe. ← ${BODY_CUT}`,
      `${STRIPE}: Request aborted due to timeout being reached (${CLIENT_TIMEOUT_MS}ms) ← ${BODY_ERROR} [ETIMEDOUT]`,
    ),
    'undici request': undiciRequest,
    'undici fetch': both(FETCH_CUT, TIMEOUT),
    'undici 7 request': undiciRequest,
    'undici 7 fetch': both(FETCH_CUT, TIMEOUT),
    resend: both(RESEND),
  }
})()

/**
 * Timings and ids the two worlds give
 * differently by nature: axios's response
 * duration (real vs virtual ms), Stripe's
 * Request-Id.
 */
function timeless(o: Outcome): Outcome {
  if (o.kind !== 'error') return o
  const strip = (e: Observed): Observed => {
    const fields = { ...e.fields }
    const response = fields.response as Record<string, unknown> | undefined
    if (response && typeof response === 'object' && 'duration' in response)
      fields.response = { ...response, duration: '<ms>' }
    if (typeof fields.requestId === 'string' && fields.requestId.startsWith('req_')) fields.requestId = '<req>'
    const raw = fields.raw as Record<string, unknown> | undefined
    if (raw && typeof raw.requestId === 'string' && raw.requestId.startsWith('req_'))
      fields.raw = { ...raw, requestId: '<req>' }
    return {
      ...e,
      fields,
      ...(e.cause ? { cause: strip(e.cause) } : {}),
      ...(e.detail ? { detail: strip(e.detail) } : {}),
    }
  }
  return { kind: 'error', error: strip(o.error) }
}

/** resend's call in a run, to the e-mail service. */
async function captureEmail(call: ClientCall, faults: RequestFault[]): Promise<Cell> {
  const seen: { outcome?: Outcome; elapsedMs?: number } = {}
  const executor: Executor = {
    name: 'fidelity-email-probe',
    async boot(ctx) {
      return {
        async callTool() {
          const start = Date.now()
          seen.outcome = await call(ctx.services.email).then(
            (status): Outcome => ({ kind: 'response', status }),
            (e: unknown): Outcome => ({ kind: 'error', error: observe(e) }),
          )
          seen.elapsedMs = Date.now() - start
          return { status: 'UNKNOWN', retry_safe: false, effect: null, action_taken: 'probe', message: 'observed' }
        },
      }
    },
  }
  const { history } = await runScenario(
    refundScenario({
      name: 'fidelity-email',
      faults,
      model: { maxAsks: 1, regenerateArgs: false },
      // Instant, like the loopback server.
      services: { payments: { processingMs: 0, paymentIntents: [] }, email: { processingMs: 0 } },
    }),
    executor,
  )
  if (!seen.outcome || seen.elapsedMs === undefined) throw new Error('the resend call never completed in the run')
  return { outcome: seen.outcome, requests: eventsOf(history, 'attempt-sent').length, elapsedMs: seen.elapsedMs }
}

beforeAll(async () => {
  for (const client of CLIENTS) {
    const l = await loadClient(client)
    if ('call' in l) calls.set(client, l.call)
  }
  calls.set('resend', resendCall)
  // The reference first: a run's msw would
  // route loopback too.
  const cells = ALL.flatMap((client) => FAULTS.map((fault) => ({ client, fault })))
  // One at a time: a loaded machine must not
  // let a 200 ms timeout beat a cut.
  for (const { client, fault } of cells) {
    const call = calls.get(client)
    if (call) real.set(key(client, fault), await captureReal(call, fault))
  }
}, 30_000)

describe.each(ALL)('%s', (client) => {
  it.each(FAULTS)('%s: the same error in a run as on a real socket', async (fault) => {
    const call = calls.get(client)
    expect(call, `${client} is not installed`).toBeDefined()
    const r = real.get(key(client, fault))!
    const expected = EXPECTED[client][fault]
    expect(r.outcome.kind, 'on a real socket the call fails').toBe('error')
    if (r.outcome.kind !== 'error') return
    expect(summary(r.outcome.error), 'the real socket no longer matches docs/fidelity.md').toBe(expected.error)
    // Nobody resends an answered request.
    expect(r.requests).toBe(1)

    const sim =
      client === 'resend'
        ? await captureEmail(call!, faultsOf(fault))
        : await captureInRun(call!, faultsOf(fault), `fidelity-${fault}`)
    const diff = differences(timeless(r.outcome), timeless(sim.outcome))
    expect(
      diff,
      `${client} × ${fault}: the run's error differs from the real socket's\n  real:      ${summary(r.outcome.error)}\n  simulated: ${sim.outcome.kind === 'error' ? summary(sim.outcome.error) : `HTTP ${sim.outcome.status}`}\n  ${diff.join('\n  ')}`,
    ).toEqual([])
    expect(sim.requests, 'requests that reached the server').toBe(1)
    expect(sim.elapsedMs, 'virtual ms until the client reported the error').toBe(expected.atMs)
    expect(r.elapsedMs).toBeGreaterThanOrEqual((expected.earliestMs ?? expected.atMs) - EARLY_MS)
    expect(r.elapsedMs).toBeLessThan(expected.atMs + LATE_MS)
  })
})
