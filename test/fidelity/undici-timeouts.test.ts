// undici's own timeouts: a fetch with no signal
// of its own fails in a run exactly as on a REAL
// loopback socket whose server never answers
// (headersTimeout) or sends headers and part of
// the body, then stalls (bodyTimeout). Field by
// field down the cause chain, and when.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { performance } from 'node:perf_hooks'
import { Agent, errors, getGlobalDispatcher, setGlobalDispatcher } from 'undici'
import { afterEach, describe, expect, it } from 'vitest'
import type { Executor } from '../../harness/contract/executor.ts'
import type { RequestFault } from '../../harness/faults/catalogue.ts'
import { eventsOf } from '../../harness/history/history.ts'
import { runScenario } from '../../harness/run/runner.ts'
import { fastTimerDelay, UNDICI_DEFAULT_TIMEOUT_MS } from '../../harness/sim/undici-timeouts.ts'
import { refundScenario } from '../support/scenario.ts'
import type { ClientCall } from './support/clients.ts'
import { differences, observe, summary, type Cell, type Outcome } from './support/observe.ts'

const BODY = 'payment_intent=pi_1&amount=4990'
const HEADERS = { 'content-type': 'application/x-www-form-urlencoded', 'idempotency-key': 'fidelity-key' }
/** The refund's JSON, as the service answers it. */
const ANSWER = JSON.stringify({ id: 're_1', object: 'refund', amount: 4990, status: 'succeeded' })
/** Body bytes before the stall. */
const BYTES = 10
/** Short, so the socket's wait is short. */
const TIMEOUT_MS = 200

const HEADERS_TIMEOUT = 'TypeError: fetch failed ← HeadersTimeoutError: Headers Timeout Error [UND_ERR_HEADERS_TIMEOUT]'
const BODY_TIMEOUT = 'TypeError: terminated ← BodyTimeoutError: Body Timeout Error [UND_ERR_BODY_TIMEOUT]'

/** A POST with no signal; its body read. */
function fetchCall(init: RequestInit & { dispatcher?: unknown } = {}): ClientCall {
  return async (base) => {
    const res = await fetch(`${base}/v1/refunds`, { method: 'POST', headers: HEADERS, body: BODY, ...init })
    await res.text()
    return res.status
  }
}

type Server = 'never-answer' | 'stall-body'

/** A loopback server: silent, or stalling after BYTES. */
async function captureReal(call: ClientCall, behaviour: Server): Promise<Cell> {
  let requests = 0
  const server = createServer((req, res) => {
    req.resume()
    req.on('end', () => {
      requests++
      if (behaviour === 'never-answer') return
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(ANSWER)) })
      res.write(ANSWER.slice(0, BYTES))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  try {
    const start = performance.now()
    const outcome = await call(url).then(
      (status): Outcome => ({ kind: 'response', status }),
      (e: unknown): Outcome => ({ kind: 'error', error: observe(e) }),
    )
    return { outcome, requests, elapsedMs: performance.now() - start }
  } finally {
    server.closeAllConnections()
    await new Promise<void>((resolve) => server.close(() => resolve()))
  }
}

/** The same call in a run with `faults`; what it raised, and how the request was given up. */
async function captureRun(
  call: ClientCall,
  faults: readonly RequestFault[],
  turnBudgetMs = 45_000,
): Promise<Cell & { readonly gaveUp: readonly string[] }> {
  const seen: { outcome?: Outcome; elapsedMs?: number } = {}
  const executor: Executor = {
    name: 'fidelity-undici',
    async boot(ctx) {
      return {
        async callTool() {
          const start = Date.now()
          seen.outcome = await call(ctx.services.payments).then(
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
      name: 'fidelity-undici',
      turnBudgetMs,
      faults: [...faults],
      model: { maxAsks: 1, regenerateArgs: false },
      services: { payments: { processingMs: 0, paymentIntents: [{ id: 'pi_1', amount: 10_000, currency: 'eur' }] } },
    }),
    executor,
  )
  if (!seen.outcome || seen.elapsedMs === undefined) {
    const problems = eventsOf(history, 'executor-fault').map((p) => `${p.problem}: ${p.message}`)
    throw new Error(`the call never completed in the run: ${problems.join('; ') || 'no outcome'}`)
  }
  return {
    outcome: seen.outcome,
    requests: eventsOf(history, 'attempt-sent').length,
    elapsedMs: seen.elapsedMs,
    gaveUp: eventsOf(history, 'client-gave-up').map((e) => e.how),
  }
}

const thrice = (fault: Omit<RequestFault, 'send' | 'step'>): RequestFault[] =>
  [1, 2, 3].map((send) => ({ ...fault, step: 's1', send }) as RequestFault)
const WITHHELD = thrice({ kind: 'withhold-after-effect', boundary: 'after-effect' } as never)
const DROPPED = thrice({ kind: 'dropped', boundary: 'in-transit' } as never)
const STALLED = thrice({ kind: 'body-stall', boundary: 'after-effect', bytes: BYTES } as never)

function errorOf(cell: Cell) {
  if (cell.outcome.kind !== 'error') throw new Error(`expected an error, got status ${cell.outcome.status}`)
  return cell.outcome.error
}

/** undici's fast timers: the fire time, within event-loop jitter. */
function expectRealTiming(cell: Cell, ms: number) {
  expect(cell.elapsedMs).toBeGreaterThanOrEqual(fastTimerDelay(ms) - 5)
  expect(cell.elapsedMs).toBeLessThan(fastTimerDelay(ms) + 500)
}

describe('undici headersTimeout (an Agent of 200 ms), no signal', () => {
  const call = fetchCall({ dispatcher: new Agent({ headersTimeout: TIMEOUT_MS }) })

  it('real: TypeError: fetch failed ← HeadersTimeoutError, at its fast timer (~1 s), 1 request', async () => {
    const real = await captureReal(call, 'never-answer')
    expect(summary(errorOf(real))).toBe(HEADERS_TIMEOUT)
    expect(real.requests).toBe(1)
    expectRealTiming(real, TIMEOUT_MS)
  })

  for (const [name, faults] of [
    ['withhold-after-effect', WITHHELD],
    ['dropped', DROPPED],
  ] as const) {
    it(`in a run (${name}): the same error, field by field, at exactly its fast timer; the request given up with its code`, async () => {
      const real = await captureReal(call, 'never-answer')
      const sim = await captureRun(call, faults)
      expect(differences(errorOf(real), errorOf(sim))).toEqual([])
      expect(sim.elapsedMs).toBe(fastTimerDelay(TIMEOUT_MS))
      expect(sim.requests).toBe(1)
      expect(sim.gaveUp).toEqual(['UND_ERR_HEADERS_TIMEOUT'])
    })
  }
})

describe('undici bodyTimeout (an Agent of 200 ms), no signal', () => {
  const call = fetchCall({ dispatcher: new Agent({ bodyTimeout: TIMEOUT_MS }) })

  it('real: the body read fails TypeError: terminated ← BodyTimeoutError, ~1 s after the last bytes', async () => {
    const real = await captureReal(call, 'stall-body')
    expect(summary(errorOf(real))).toBe(BODY_TIMEOUT)
    expectRealTiming(real, TIMEOUT_MS)
  })

  it('in a run (body-stall): the same error, field by field, at exactly its fast timer', async () => {
    const real = await captureReal(call, 'stall-body')
    const sim = await captureRun(call, STALLED)
    expect(differences(errorOf(real), errorOf(sim))).toEqual([])
    expect(sim.elapsedMs).toBe(fastTimerDelay(TIMEOUT_MS))
    expect(sim.gaveUp).toEqual(['UND_ERR_BODY_TIMEOUT'])
  })
})

describe("a caller's signal during the body (undici errors the body with its reason)", () => {
  // A fresh signal per call: AbortSignal.timeout starts when made.
  const fresh: ClientCall = (base) => fetchCall({ signal: AbortSignal.timeout(TIMEOUT_MS) })(base)

  it('real and in a run: the body read rejects with the DOMException TimeoutError itself', async () => {
    const real = await captureReal(fresh, 'stall-body')
    const sim = await captureRun(fresh, STALLED)
    expect(summary(errorOf(real))).toBe('DOMException (name TimeoutError): The operation was aborted due to timeout')
    expect(differences(errorOf(real), errorOf(sim))).toEqual([])
    expect(sim.elapsedMs).toBe(TIMEOUT_MS)
    expect(sim.gaveUp).toEqual(['TimeoutError'])
  })
})

describe("undici's defaults (300 s each), in a run only", () => {
  it('no dispatcher: HeadersTimeoutError at 300.4 s (virtual), the same shape as on the socket', async () => {
    const sim = await captureRun(fetchCall(), WITHHELD, 400_000)
    expect(summary(errorOf(sim))).toBe(HEADERS_TIMEOUT)
    expect(sim.elapsedMs).toBe(fastTimerDelay(UNDICI_DEFAULT_TIMEOUT_MS))
    expect(sim.elapsedMs).toBe(300_398)
  })

  it('no dispatcher: a stalled body fails with BodyTimeoutError at 300.4 s after its last bytes', async () => {
    const sim = await captureRun(fetchCall(), STALLED, 400_000)
    expect(summary(errorOf(sim))).toBe(BODY_TIMEOUT)
    expect(sim.elapsedMs).toBe(300_398)
  })

  it('the errors are instances of the undici package’s classes (its brand symbols)', async () => {
    const seen: unknown[] = []
    const call: ClientCall = (base) =>
      fetch(`${base}/v1/refunds`, { method: 'POST', headers: HEADERS, body: BODY }).then(
        (r) => r.status,
        (e: unknown) => {
          seen.push(e)
          throw e
        },
      )
    await captureRun(call, DROPPED, 400_000)
    const cause = (seen[0] as { cause?: unknown } | undefined)?.cause
    expect(cause).toBeInstanceOf(errors.HeadersTimeoutError)
    expect(cause).toBeInstanceOf(errors.UndiciError)
    expect(cause).not.toBeInstanceOf(errors.BodyTimeoutError)
  })
})

describe('setGlobalDispatcher: a team’s global Agent', () => {
  const before = getGlobalDispatcher()
  afterEach(() => setGlobalDispatcher(before))

  it('its headersTimeout applies to a fetch with no dispatcher (real and in a run alike)', async () => {
    setGlobalDispatcher(new Agent({ headersTimeout: TIMEOUT_MS }))
    const real = await captureReal(fetchCall(), 'never-answer')
    const sim = await captureRun(fetchCall(), WITHHELD)
    expect(summary(errorOf(real))).toBe(HEADERS_TIMEOUT)
    expect(differences(errorOf(real), errorOf(sim))).toEqual([])
    expect(sim.elapsedMs).toBe(fastTimerDelay(TIMEOUT_MS))
  })

  it('a fetch’s own dispatcher wins over it', async () => {
    setGlobalDispatcher(new Agent({ headersTimeout: TIMEOUT_MS }))
    const sim = await captureRun(fetchCall({ dispatcher: new Agent({ headersTimeout: 5_000 }) }), WITHHELD)
    expect(sim.elapsedMs).toBe(fastTimerDelay(5_000))
  })
})
