// A caller cancelling its own request: what each
// client raises in a run (virtual clock, msw) equals
// what it raises on a REAL loopback socket, field by
// field and down the cause chain — before the
// service read the request, and while the service
// works on it. The clients are the audit's own
// drivers (harness/audit/clients.ts), so this is
// what the matrix's caller-cancel rows show.
import { createServer as createHttpServer, request as httpRequest, type Server } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { createServer as createNetServer, type Socket } from 'node:net'
import type { AddressInfo } from 'node:net'
import { performance } from 'node:perf_hooks'
import { beforeAll, describe, expect, it } from 'vitest'
import { auditCase, type AuditCase } from '../../harness/audit/cases.ts'
import {
  AUDIT_PAYMENT_INTENT,
  driver,
  loadClients,
  type ClientModules,
  type Services,
} from '../../harness/audit/clients.ts'
import { cellScenario } from '../../harness/audit/matrix.ts'
import type { Executor } from '../../harness/contract/executor.ts'
import type { ClientName, Observed as Seen } from '../../harness/contract/mapping.ts'
import { eventsOf } from '../../harness/history/history.ts'
import { runScenario } from '../../harness/run/runner.ts'
import { differences, observe, summary, type Observed } from './support/observe.ts'

/** The columns with a caller-cancel cell. */
const CLIENTS = ['fetch', 'http', 'axios', 'resend'] as const satisfies readonly ClientName[]
const MOMENTS = ['before-send', 'in-flight'] as const
type Moment = (typeof MOMENTS)[number]

/**
 * On the real socket: cancelled this soon (ms);
 * in-flight later, so a loaded machine's server
 * has read the request by then.
 */
const REAL_CANCEL_MS: Record<Moment, number> = { 'before-send': 100, 'in-flight': 1_000 }
/** Real timers are late, never early. */
const EARLY_MS = 2
const LATE_MS = 5_000

/** What docs/mapping-audit.md says each shows. */
const EXPECTED: Record<(typeof CLIENTS)[number], string> = {
  fetch: 'DOMException (name AbortError): This operation was aborted',
  http: 'AbortError: The operation was aborted [ABORT_ERR] ← DOMException (name AbortError): This operation was aborted',
  axios: 'CanceledError: canceled [ERR_CANCELED]',
  // The SDK swallows the abort (dist/index.mjs
  // fetchRequest's outer catch).
  resend: 'Object (name application_error): Unable to fetch data. The request could not be resolved.',
}

interface Capture {
  readonly error: Observed
  /** The raw value, for identity checks. */
  readonly raw: unknown
  /** Requests the service read in full. */
  readonly read: number
  readonly elapsedMs: number
}

const modules: ClientModules = await loadClients([...CLIENTS])

// --- the real socket ---------------------------------------------------------------

interface RealServer {
  readonly url: string
  read(): number
  close(): Promise<void>
}

function listening(server: Server | ReturnType<typeof createNetServer>): Promise<string> {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`))
  })
}

/**
 * before-send: connections are taken and never
 * read (pauseOnConnect), so no request reaches
 * the service. in-flight: the request is read
 * and the answer comes only after 5 s.
 */
async function realServer(moment: Moment): Promise<RealServer> {
  if (moment === 'before-send') {
    const sockets = new Set<Socket>()
    const server = createNetServer({ pauseOnConnect: true }, (s) => sockets.add(s))
    const url = await listening(server)
    return {
      url,
      read: () => 0,
      close: () =>
        new Promise((resolve) => {
          for (const s of sockets) s.destroy()
          server.close(() => resolve())
        }),
    }
  }
  let read = 0
  const timers = new Set<NodeJS.Timeout>()
  const server = createHttpServer((req, res) => {
    req.resume()
    req.on('end', () => {
      read++
      timers.add(setTimeout(() => res.end('{}'), 5_000))
    })
  })
  const url = await listening(server)
  return {
    url,
    read: () => read,
    close: () =>
      new Promise((resolve) => {
        for (const t of timers) clearTimeout(t)
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** What a call returned: the error, or resend's returned error. */
function errorOf(seen: Seen): unknown {
  if ('error' in seen) return seen.error
  throw new Error(`expected the call to fail; it answered ${seen.response.status}`)
}

async function captureReal(client: ClientName, moment: Moment): Promise<Capture> {
  const server = await realServer(moment)
  try {
    const services: Services = { payments: server.url, email: server.url }
    const d = driver(client, services, modules, { kind: 'caller-cancel', afterMs: REAL_CANCEL_MS[moment] })
    const start = performance.now()
    const raw = errorOf(await d.send('fidelity-key'))
    const elapsedMs = performance.now() - start
    // Let a read that was under way finish.
    await new Promise((r) => setTimeout(r, 50))
    return { error: observe(raw), raw, read: server.read(), elapsedMs }
  } finally {
    await server.close()
  }
}

// --- the run -----------------------------------------------------------------------

const ROW: Record<Moment, AuditCase> = {
  'before-send': auditCase('caller-cancel.before-send')!,
  'in-flight': auditCase('caller-cancel.in-flight')!,
}

/** The matrix's cell as it runs: its scenario, its client set up as its row says. */
async function captureSimulated(
  client: ClientName,
  moment: Moment,
): Promise<Capture & { effectAfterMs: number | null }> {
  const row = ROW[moment]
  const seen: { raw?: unknown; elapsedMs?: number } = {}
  const executor: Executor = {
    name: 'caller-cancel fidelity',
    async boot(ctx) {
      return {
        async callTool() {
          const d = driver(client, ctx.services, modules, row.client)
          const start = Date.now()
          seen.raw = errorOf(await d.send('fidelity-key'))
          seen.elapsedMs = Date.now() - start
          return { status: 'UNKNOWN', retry_safe: false, effect: null, action_taken: 'fidelity', message: 'seen' }
        },
      }
    },
  }
  const { history } = await runScenario(cellScenario(row, client), executor)
  if (seen.elapsedMs === undefined) {
    const faults = eventsOf(history, 'executor-fault').map((f) => `${f.problem}: ${f.message}`)
    throw new Error(`the call never completed in the run: ${faults.join('; ') || 'no outcome'}`)
  }
  const reported = eventsOf(history, 'outcome-reported')[0]!.t
  const effect = eventsOf(history, 'effect-applied')[0]
  return {
    error: observe(seen.raw),
    raw: seen.raw,
    read: eventsOf(history, 'request-delivered').length,
    elapsedMs: seen.elapsedMs,
    effectAfterMs: effect ? effect.t - reported : null,
  }
}

const real = new Map<string, Capture>()
const key = (client: ClientName, moment: Moment) => `${client} × ${moment}`

beforeAll(async () => {
  // Before any run: a run's msw routes loopback
  // too. One at a time: no load of our own.
  for (const client of CLIENTS)
    for (const moment of MOMENTS) real.set(key(client, moment), await captureReal(client, moment))
})

describe.each(CLIENTS)('%s cancelled by its caller', (client) => {
  it.each(MOMENTS)('%s: the same error in a run as on a real socket', async (moment) => {
    const r = real.get(key(client, moment))!
    expect(summary(r.error), 'the real socket no longer shows what the docs say').toBe(EXPECTED[client])
    // Before-send: nothing read; in-flight: read.
    expect(r.read).toBe(moment === 'before-send' ? 0 : 1)
    expect(r.elapsedMs).toBeGreaterThanOrEqual(REAL_CANCEL_MS[moment] - EARLY_MS)
    expect(r.elapsedMs).toBeLessThan(REAL_CANCEL_MS[moment] + LATE_MS)

    const sim = await captureSimulated(client, moment)
    const diff = differences(r.error, sim.error)
    expect(
      diff,
      `${client} × ${moment}: the run's error differs from the real socket's\n  real:      ${summary(r.error)}\n  simulated: ${summary(sim.error)}\n  ${diff.join('\n  ')}`,
    ).toEqual([])
    expect(sim.read, 'requests the service read').toBe(r.read)
    // At the caller's cancel, exactly, in virtual time.
    expect(sim.elapsedMs).toBe(ROW[moment].client?.kind === 'caller-cancel' ? ROW[moment].client.afterMs : -1)
    // The ledger: none, or one committed after.
    if (moment === 'before-send') expect(sim.effectAfterMs).toBeNull()
    else expect(sim.effectAfterMs).toBeGreaterThan(0)
  })
})

describe("a caller's own reason (controller.abort(reason))", () => {
  const stop = () => new Error('the user pressed stop')
  const BODY = `payment_intent=${AUDIT_PAYMENT_INTENT}&amount=4990`
  const HEADERS = { 'content-type': 'application/x-www-form-urlencoded', 'idempotency-key': 'fidelity-key' }
  type Axios = { post(url: string, body: string, config: object): Promise<unknown> }

  /** Each client's POST, cancelled with a reason of the caller's; what it threw. */
  const CALLS: Record<'fetch' | 'http' | 'axios', (base: string, signal: AbortSignal) => Promise<unknown>> = {
    fetch: (base, signal) => fetch(`${base}/v1/refunds`, { method: 'POST', headers: HEADERS, body: BODY, signal }),
    http: (base, signal) =>
      new Promise((resolve, reject) => {
        const headers = { ...HEADERS, 'content-length': String(BODY.length) }
        const url = new URL('/v1/refunds', base)
        const request = url.protocol === 'https:' ? httpsRequest : httpRequest
        const req = request(url, { method: 'POST', headers, signal }, resolve)
        req.on('error', reject)
        req.end(BODY)
      }),
    axios: (base, signal) =>
      (modules.get('axios') as { default: Axios }).default.post(`${base}/v1/refunds`, BODY, {
        headers: HEADERS,
        signal,
      }),
  }

  const cancelled = async (client: keyof typeof CALLS, base: string, reason: unknown, ms: number) => {
    const caller = new AbortController()
    const timer = setTimeout(() => caller.abort(reason), ms)
    try {
      await CALLS[client](base, caller.signal)
      return null
    } catch (e) {
      return e
    } finally {
      clearTimeout(timer)
    }
  }

  /** Where the reason ends up: the error itself, its cause, or nowhere. */
  const KEPT = { fetch: 'itself', http: 'cause', axios: 'dropped' } as const
  const where = (error: unknown, reason: unknown) =>
    error === reason ? 'itself' : (error as { cause?: unknown } | null)?.cause === reason ? 'cause' : 'dropped'

  const cases = (['fetch', 'http', 'axios'] as const).flatMap((c) => MOMENTS.map((m) => [c, m] as const))
  it.each(cases)('%s, %s: the same in a run as on a real socket', async (client, moment) => {
    const server = await realServer(moment)
    const reason = stop()
    let realError: unknown
    try {
      realError = await cancelled(client, server.url, reason, REAL_CANCEL_MS[moment])
    } finally {
      await server.close()
    }
    expect(where(realError, reason)).toBe(KEPT[client])

    const simReason = stop()
    let simError: unknown
    await runScenario(cellScenario(ROW[moment], 'fetch'), {
      name: 'caller-cancel reason',
      async boot(ctx) {
        return {
          async callTool() {
            simError = await cancelled(client, ctx.services.payments, simReason, REAL_CANCEL_MS[moment])
            return { status: 'UNKNOWN', retry_safe: false, effect: null, action_taken: 'fidelity', message: 'seen' }
          },
        }
      },
    })
    expect(where(simError, simReason)).toBe(KEPT[client])
    expect(differences(observe(realError), observe(simError))).toEqual([])
  })
})
