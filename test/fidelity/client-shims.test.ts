// The client shims alone: Node's timeouts on the
// run's clock, the RST reset against a real RST,
// and every patch checked and undone (by shims and
// sandbox, also when installing fails).
import http, { ClientRequest, createServer, type RequestOptions } from 'node:http'
import https from 'node:https'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { abandonedRequest, networkError } from '../../harness/faults/network-error.ts'
import { runScenario } from '../../harness/run/runner.ts'
import { clientGaveUp, installClientShims } from '../../harness/sim/client-shims.ts'
import { activate, startInterception, stopInterception } from '../../harness/sim/network.ts'
import { installSandbox } from '../../harness/sim/sandbox.ts'
import { refundScenario } from '../support/scenario.ts'
import type { ClientCall } from './support/clients.ts'
import { differences, observe, summary } from './support/observe.ts'
import { captureInRun } from './support/simulated.ts'

type Proto = ClientRequest & { onSocket: unknown }
const proto = ClientRequest.prototype as Proto

/** node:http POST, timeout set by `arm`. */
function nodeHttp(arm: (req: ClientRequest) => void, options: RequestOptions = {}): ClientCall {
  return (base) =>
    new Promise((resolve, reject) => {
      const url = new URL('/v1/refunds', base)
      const body = 'payment_intent=pi_1&amount=100'
      const req = (url.protocol === 'https:' ? https.request : http.request)(
        url,
        {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(body.length) },
          ...options,
        },
        (res) => {
          res.resume()
          res.on('end', () => resolve(res.statusCode ?? 0))
        },
      )
      arm(req)
      req.on('error', reject)
      req.end(body)
    })
}

const latency = (delayMs: number) => [
  { kind: 'latency' as const, boundary: 'in-transit' as const, step: 's1', send: 1, delayMs },
]

describe("node:http's req.setTimeout in a run follows the virtual clock, with Node's semantics", () => {
  const timed = nodeHttp((req) => req.setTimeout(200, () => req.destroy()))

  it('an answer before the timeout is a response, and the timeout never fires afterwards', async () => {
    const cell = await captureInRun(timed, latency(150))
    expect(cell.outcome).toEqual({ kind: 'response', status: 200 })
    expect(cell.elapsedMs).toBe(150)
  })

  it('no answer by the timeout: the client gives up at exactly its timeout', async () => {
    const cell = await captureInRun(timed, latency(250))
    expect(cell.outcome.kind === 'error' && summary(cell.outcome.error)).toBe('Error: socket hang up [ECONNRESET]')
    expect(cell.elapsedMs).toBe(200)
  })

  it('setTimeout(0) disarms it, as in Node', async () => {
    const cell = await captureInRun(
      nodeHttp((req) => {
        req.setTimeout(200, () => req.destroy())
        req.setTimeout(0)
      }),
      latency(1_000),
    )
    expect(cell.outcome).toEqual({ kind: 'response', status: 200 })
    expect(cell.elapsedMs).toBe(1_000)
  })

  it('the last call wins, also over the timeout option', async () => {
    const cell = await captureInRun(
      nodeHttp(
        (req) => {
          req.on('timeout', () => req.destroy())
          req.setTimeout(500)
        },
        { timeout: 200 },
      ),
      latency(10_000),
    )
    expect(cell.elapsedMs).toBe(500)
  })

  it('rejects an invalid duration exactly as Node does', () => {
    const attempt = () => {
      const req = http.request('http://127.0.0.1:9/', { agent: false })
      req.on('error', () => {})
      try {
        req.setTimeout(-1)
        return null
      } catch (e) {
        return e as Error & { code?: string }
      } finally {
        req.destroy()
      }
    }
    const native = attempt()
    const shims = installClientShims()
    let shimmed: (Error & { code?: string }) | null
    try {
      shimmed = attempt()
    } finally {
      shims.undo()
    }
    expect(native?.code).toBe('ERR_OUT_OF_RANGE')
    expect(shimmed?.code).toBe(native?.code)
    expect(shimmed?.message).toBe(native?.message)
  })

  it('outside a run it uses real timers: a real silent server times out the real request', async () => {
    const server = createServer(() => {})
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
    const shims = installClientShims()
    try {
      const start = performance.now()
      const error = await nodeHttp((req) => req.setTimeout(50, () => req.destroy()))(
        `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      ).catch((e: unknown) => e)
      expect(summary(observe(error))).toBe('Error: socket hang up [ECONNRESET]')
      expect(performance.now() - start).toBeGreaterThanOrEqual(48)
    } finally {
      shims.undo()
      server.closeAllConnections()
      server.close()
    }
  })
})

describe("networkError(..., { reset: 'rst' }) is what a real TCP reset gives", () => {
  it('for fetch and for node:http', async () => {
    const plain = nodeHttp(() => {})
    const post = (base: string) => fetch(`${base}/v1/refunds`, { method: 'POST', body: 'x=1' })
    // Real: the server resets (RST) once it has read
    // the request.
    const server = createServer((req) => {
      req.resume()
      req.on('end', () => req.socket.resetAndDestroy())
    })
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    const real = {
      fetch: observe(await post(base).catch((e: unknown) => e)),
      http: observe(await plain(base).catch((e: unknown) => e)),
    }
    await new Promise((r) => server.close(r))

    // Simulated: the interception throws the injected
    // error; the shims shape it per client.
    startInterception()
    const deactivate = activate({
      route: async (request) => {
        throw networkError('ECONNRESET', new URL(request.url).hostname, { reset: 'rst' })
      },
    })
    const shims = installClientShims()
    let sim: { fetch: ReturnType<typeof observe>; http: ReturnType<typeof observe> }
    try {
      sim = {
        fetch: observe(await post('https://payments.test').catch((e: unknown) => e)),
        http: observe(await plain('https://payments.test').catch((e: unknown) => e)),
      }
    } finally {
      shims.undo()
      deactivate()
      stopInterception()
    }
    expect(summary(real.fetch)).toBe('TypeError: fetch failed ← Error: read ECONNRESET [ECONNRESET]')
    expect(summary(real.http)).toBe('Error: read ECONNRESET [ECONNRESET]')
    expect(differences(real, sim)).toEqual([])
  })
})

describe('clientGaveUp: the pipeline can tell that a client abandoned its request', () => {
  async function giveUp(call: ClientCall): Promise<{ error: string; noticed: boolean }> {
    let noticed = false
    startInterception()
    const deactivate = activate({
      route: async (request) => {
        await clientGaveUp(request)
        noticed = true
        throw abandonedRequest('the client gave up')
      },
    })
    // As in a run: without the shims, node:http's own
    // timeout never fires under msw.
    const shims = installClientShims()
    try {
      const error = await call('https://payments.test').then(
        () => 'answered',
        (e: unknown) => summary(observe(e)),
      )
      for (let i = 0; i < 20 && !noticed; i++) await new Promise((r) => setImmediate(r))
      // Let msw finish with the handler's throw while
      // its print is still quieted.
      for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r))
      return { error, noticed }
    } finally {
      shims.undo()
      deactivate()
      stopInterception()
    }
  }

  it('fetch: through its abort signal', async () => {
    const r = await giveUp((base) =>
      fetch(`${base}/v1/refunds`, { method: 'POST', body: 'x=1', signal: AbortSignal.timeout(30) }).then(
        (res) => res.status,
      ),
    )
    expect(r).toEqual({
      error: 'DOMException (name TimeoutError): The operation was aborted due to timeout',
      noticed: true,
    })
  })

  it('node:http: its intercepted Request has no live signal; the ClientRequest closing tells instead', async () => {
    const r = await giveUp(nodeHttp((req) => req.setTimeout(30, () => req.destroy())))
    expect(r).toEqual({ error: 'Error: socket hang up [ECONNRESET]', noticed: true })
  })
})

describe('every patch is checked and undone', () => {
  const originals = () => ({
    fetch: globalThis.fetch,
    setTimeout: globalThis.setTimeout,
    Date: globalThis.Date,
    random: Math.random,
    randomUUID: globalThis.crypto.randomUUID,
    abortTimeout: AbortSignal.timeout,
    requestSetTimeout: proto.setTimeout,
    onSocket: proto.onSocket,
  })
  const before = originals()
  afterEach(() => {
    const now = originals()
    for (const [name, original] of Object.entries(before))
      expect(now[name as keyof typeof now], `${name} is not the original`).toBe(original)
  })

  it('the shims patch fetch, setTimeout and onSocket, and undo() restores each', () => {
    const shims = installClientShims()
    expect(globalThis.fetch).not.toBe(before.fetch)
    expect(proto.setTimeout).not.toBe(before.requestSetTimeout)
    expect(proto.onSocket).not.toBe(before.onSocket)
    shims.undo()
    expect(globalThis.fetch).toBe(before.fetch)
    expect(proto.setTimeout).toBe(before.requestSetTimeout)
    expect(proto.onSocket).toBe(before.onSocket)
  })

  it('undo() restores the original over a patch someone replaced, says so, and restores the others', () => {
    const shims = installClientShims()
    const intruder = (async () => new Response('')) as typeof fetch
    globalThis.fetch = intruder
    try {
      expect(() => shims.undo()).toThrow(/fetch \(error shape\) was replaced by someone else/)
      expect(globalThis.fetch).toBe(before.fetch)
      expect(proto.setTimeout).toBe(before.requestSetTimeout)
      expect(proto.onSocket).toBe(before.onSocket)
    } finally {
      globalThis.fetch = before.fetch
    }
  })

  it('a run leaves every global as it found it, also when the executor throws', async () => {
    await runScenario(refundScenario({ model: { maxAsks: 1, regenerateArgs: false } }), {
      name: 'thrower',
      boot: async () => ({
        async callTool() {
          throw new Error('boom')
        },
      }),
    })
    // afterEach compares every global with what it was
  })

  it('a sandbox that fails while installing undoes what it had installed', () => {
    const descriptor = Object.getOwnPropertyDescriptor(globalThis, 'fetch')!
    Object.defineProperty(globalThis, 'fetch', {
      configurable: true,
      get() {
        throw new Error('fetch is unavailable today')
      },
    })
    try {
      expect(() => installSandbox(1)).toThrow('fetch is unavailable today')
      expect(Math.random).toBe(before.random)
      expect(globalThis.setTimeout).toBe(before.setTimeout)
      expect(globalThis.Date).toBe(before.Date)
      expect(globalThis.crypto.randomUUID).toBe(before.randomUUID)
      expect(AbortSignal.timeout).toBe(before.abortTimeout)
      expect(proto.setTimeout).toBe(before.requestSetTimeout)
    } finally {
      Object.defineProperty(globalThis, 'fetch', descriptor)
    }
  })
})
