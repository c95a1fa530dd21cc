// The undici package's own Agents, Clients
// and Pools reach the run's services at their
// Clients; what sits above (retries, a proxy)
// still plays; other hosts go to the original.
import { createServer } from 'node:http'
import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import { Agent, Client, errors, Pool, RetryAgent, request, fetch as undiciFetch } from 'undici'
import * as undici7 from 'undici-7'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { networkError } from '../../../harness/faults/network-error.ts'
import { currentContext, runInContext } from '../../../harness/sim/attribution.ts'
import { activate, startInterception, stopInterception } from '../../../harness/sim/network.ts'
import type { Patch } from '../../../harness/sim/patch.ts'
import { undiciClients } from '../../../harness/sim/undici-clients.ts'
import { jsonResponse } from '../../../mock-services/json-response.ts'

const REFUNDS = 'https://payments.test/v1/refunds'
const cjs = createRequire(import.meta.url)

let patch: Patch
let deactivate: () => void
let route: (request: Request) => Promise<Response>
const seen: string[] = []

beforeEach(() => {
  seen.length = 0
  route = async (r) => {
    seen.push(`${r.method} ${r.url} ${await r.text()}`)
    return jsonResponse({ id: 're_1' })
  }
  startInterception()
  deactivate = activate({ route: (r) => route(r) })
  patch = undiciClients()
})

afterEach(() => {
  patch.undo()
  deactivate()
  stopInterception()
})

/** A copy's DispatcherBase dispatch(), now. */
function dispatchOf(C: { prototype: object }): unknown {
  return (Object.getPrototypeOf(C.prototype) as { dispatch: unknown }).dispatch
}

/** Fails a connect: no socket is ever opened. */
const noSocket = (_options: object, cb: (e: Error | null, socket: null) => void) =>
  cb(new Error('connected for real'), null)

describe("the undici package's own dispatchers", () => {
  it('an Agent, a Client and a Pool, of 6.x and 7.x: the service gets the request, the client its answer', async () => {
    const agent = new Agent()
    const answers = [
      await request(REFUNDS, { method: 'POST', body: 'a=1', dispatcher: agent }),
      await new Client('https://payments.test').request({ path: '/v1/refunds', method: 'POST', body: 'a=2' }),
      await new Pool('https://payments.test').request({ path: '/v1/refunds?x=3', method: 'POST', body: 'a=3' }),
      await undici7.request(REFUNDS, { method: 'POST', body: 'a=4', dispatcher: new undici7.Agent() }),
      await new undici7.Client('https://payments.test').request({ path: '/v1/refunds', method: 'POST', body: 'a=5' }),
    ]
    const bodies = await Promise.all(answers.map(async (r) => [r.statusCode, await r.body.json()]))
    expect(bodies).toEqual(Array(5).fill([200, { id: 're_1' }]))
    const fetched = await undiciFetch(REFUNDS, { method: 'POST', body: 'a=6', dispatcher: agent })
    expect(await fetched.json()).toEqual({ id: 're_1' })
    expect(seen).toEqual([
      `POST ${REFUNDS} a=1`,
      `POST ${REFUNDS} a=2`,
      `POST ${REFUNDS}?x=3 a=3`,
      `POST ${REFUNDS} a=4`,
      `POST ${REFUNDS} a=5`,
      `POST ${REFUNDS} a=6`,
    ])
  })

  it('what sits above the Client still plays: a RetryAgent retries a 503 and a reset, then gets the answer', async () => {
    let n = 0
    route = async (r) => {
      seen.push(`${r.method} ${await r.text()}`)
      n++
      if (n === 1) return jsonResponse({ error: 'busy' }, { status: 503 })
      if (n === 2) throw networkError('ECONNRESET', 'payments.test', { port: 443, reset: 'close' })
      return jsonResponse({ id: 're_1' })
    }
    const retrying = new RetryAgent(new Agent(), { minTimeout: 1, timeoutFactor: 1, methods: ['POST'] })
    const res = await request(REFUNDS, { method: 'POST', body: 'a=1', dispatcher: retrying })
    expect([res.statusCode, await res.body.json()]).toEqual([200, { id: 're_1' }])
    expect(seen).toEqual(['POST a=1', 'POST a=1', 'POST a=1'])
  })

  it("an injected reset is undici's own SocketError; the Agent's headersTimeout is played", async () => {
    route = async () => {
      throw networkError('ECONNRESET', 'payments.test', { port: 443, reset: 'close' })
    }
    const raised = await request(REFUNDS, { method: 'POST', dispatcher: new Agent() }).catch((e: unknown) => e)
    expect(raised).toBeInstanceOf(errors.SocketError)
    route = () => new Promise<Response>(() => {})
    const slow = new undici7.Agent({ headersTimeout: 200 })
    const late = await undici7.request(REFUNDS, { dispatcher: slow }).catch((e: unknown) => e)
    expect(late).toBeInstanceOf(undici7.errors.HeadersTimeoutError)
  })

  it('other hosts go to the original: a loopback server answers for real', async () => {
    const server = createServer((_req, res) => res.end('real')).listen(0, '127.0.0.1')
    await new Promise((resolve) => server.once('listening', resolve))
    try {
      const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
      const client = new Client(origin)
      const res = await client.request({ path: '/', method: 'GET' })
      expect(await res.body.text()).toBe('real')
      await client.close()
      expect(seen).toEqual([])
    } finally {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    }
  })
})

describe('as undici would', () => {
  it("undici's own checks: a removed option, a header it refuses, a bad path fail as undici's, with no socket", async () => {
    const agent7 = new undici7.Agent({ connect: noSocket as never })
    const agent6 = new Agent({ connect: noSocket as never })
    const raised = await Promise.all([
      undici7.request(REFUNDS, { dispatcher: agent7, maxRedirections: 2 } as never).catch((e: unknown) => e),
      request(REFUNDS, { dispatcher: agent6, headers: { expect: '100-continue' } }).catch((e: unknown) => e),
      new Client('https://payments.test', { connect: noSocket as never })
        .request({ path: 'v1/refunds', method: 'GET' })
        .catch((e: unknown) => e),
    ])
    expect(raised.map((e) => (e as Error).message)).toEqual([
      'maxRedirections is not supported, use the redirect interceptor',
      'expect header not supported',
      'path must be an absolute URL or start with a slash',
    ])
    expect(seen).toEqual([])
  })

  it("a Client connects to its own origin: another origin option, a CONNECT are the original's", async () => {
    // Loopback: not a run's host (nor connected).
    const elsewhere = new Client('http://127.0.0.1:9', { connect: noSocket as never })
    const sent = elsewhere.request({ origin: 'https://payments.test', path: '/v1/refunds', method: 'GET' } as never)
    const tunnel = new Client('https://payments.test', { connect: noSocket as never }).connect({ path: '/' })
    const raised = await Promise.all([sent, tunnel].map((p) => (p as Promise<unknown>).catch((e: unknown) => e)))
    expect(raised.map((e) => (e as Error).message)).toEqual(['connected for real', 'connected for real'])
    expect(seen).toEqual([])
  })

  it('a Pool of one connection sends one request at a time, the rest queued, as over its socket', async () => {
    const ends: (() => void)[] = []
    route = async (r) => {
      seen.push(`start ${await r.text()}`)
      await new Promise<void>((end) => ends.push(end))
      seen.push(`end ${ends.length}`)
      return jsonResponse({ id: 're_1' })
    }
    const pool = new Pool('https://payments.test', { connections: 1 })
    const sends = [1, 2, 3].map((n) =>
      pool.request({ path: '/v1/refunds', method: 'POST', body: `a=${n}` }).then((r) => r.body.dump()),
    )
    const settle = async () => {
      for (let i = 0; i < 20; i++) await new Promise((go) => setImmediate(go))
    }
    for (let i = 0; i < 3; i++) {
      await settle()
      ends[i]?.()
    }
    await Promise.all(sends)
    expect(seen).toEqual(['start a=1', 'end 1', 'start a=2', 'end 2', 'start a=3', 'end 3'])
  })
})

describe('as undici would, above and around the Client', () => {
  it("6.x Clients' own interceptors play: its redirects are followed, a Pool's Client interceptor runs", async () => {
    route = async (r) => {
      seen.push(`${r.method} ${r.url} ${r.headers.get('x-by')}`)
      if (r.url.endsWith('/old')) return new Response(null, { status: 302, headers: { location: REFUNDS } })
      return jsonResponse({ id: 're_1' })
    }
    const followed = await new Client('https://payments.test', { maxRedirections: 2 }).request({
      path: '/old',
      method: 'GET',
    })
    expect([followed.statusCode, await followed.body.json()]).toEqual([200, { id: 're_1' }])
    const marks = (dispatch: (o: object, h: object) => boolean) => (o: { headers?: object }, h: object) =>
      dispatch({ ...o, headers: { ...o.headers, 'x-by': 'interceptor' } }, h)
    const pool = new Pool('https://payments.test', { interceptors: { Client: [marks] } } as never)
    await (await pool.request({ path: '/v1/refunds', method: 'GET' })).body.dump()
    expect(seen).toEqual(['GET https://payments.test/old null', `GET ${REFUNDS} null`, `GET ${REFUNDS} interceptor`])
  })

  it("a 7.x Client composed with no run open is answered in a run (its bound dispatch is undici's own, routed)", async () => {
    patch.undo()
    const composed = new undici7.Client('https://payments.test').compose(undici7.interceptors.retry({ maxRetries: 1 }))
    patch = undiciClients()
    const res = await composed.request({ path: '/v1/refunds', method: 'POST', body: 'a=1' })
    expect([res.statusCode, await res.body.json()]).toEqual([200, { id: 're_1' }])
  })

  it("the headers undici sends: a one-shot iterable's, once", async () => {
    const once = (function* () {
      yield ['x-a', '1'] as [string, string]
    })()
    route = async (r) => {
      seen.push(`x-a=${r.headers.get('x-a')}`)
      return jsonResponse({ id: 're_1' })
    }
    const res = await undici7.request(REFUNDS, { headers: once as never, dispatcher: new undici7.Agent() })
    await res.body.dump()
    expect(seen).toEqual(['x-a=1'])
  })

  // Queued, it starts from another's end.
  it.each([
    ['a Pool', () => new Pool('https://payments.test', { connections: 1 })],
    ['a 6.x Pool that redirects', () => new Pool('https://payments.test', { connections: 1, maxRedirections: 1 })],
    [
      'a 7.x Pool composed with retries',
      () =>
        new undici7.Pool('https://payments.test', { connections: 1 }).compose(undici7.interceptors.retry()) as never,
    ],
  ] as const)(
    "a queued request is its caller's: each of three calls on %s of one connection is its own",
    async (_, make) => {
      route = async (r) => {
        seen.push(`${new URL(r.url).pathname} by ${currentContext()?.call}`)
        await new Promise((go) => setImmediate(go))
        return jsonResponse({ id: 're_1' })
      }
      const pool: Pool = make()
      const context = (call: string) => ({ run: Symbol('run'), generation: 1, call })
      await Promise.all(
        ['s1', 's2', 's3'].map((call) =>
          runInContext(context(call), () =>
            pool.request({ path: `/${call}`, method: 'POST', body: 'a=1' }).then((r) => r.body.dump()),
          ),
        ),
      )
      expect(seen).toEqual(['/s1 by s1', '/s2 by s2', '/s3 by s3'])
    },
  )

  // Queued by the Pool, or by our Client slots.
  it.each([
    ['a Pool', () => new Pool('https://payments.test', { connections: 1, connect: noSocket as never })],
    ['a Client', () => new Client('https://payments.test', { connect: noSocket as never })],
  ] as const)(
    "a run's request %s still holds at its end fails then, never sent by undici's own socket",
    async (_, make) => {
      route = () => new Promise<Response>(() => {})
      const dispatcher: Pool | Client = make()
      const first = dispatcher.request({ path: '/v1/refunds', method: 'POST', body: 'a=1' }).catch((e: unknown) => e)
      const second = dispatcher.request({ path: '/v1/refunds', method: 'POST', body: 'a=2' }).catch((e: unknown) => e)
      await new Promise((go) => setImmediate(go))
      patch.undo()
      expect(await second).toMatchObject({ message: 'faultline: the run that made this request is over' })
      patch = undiciClients()
      void first
    },
  )

  it('a content-length the body belies fails as in undici, before a byte is sent', async () => {
    const sends = [
      request(REFUNDS, { method: 'POST', body: 'é', headers: { 'content-length': '1' }, dispatcher: new Agent() }),
      undici7.request(REFUNDS, {
        method: 'POST',
        body: 'x',
        headers: { 'content-length': '5' },
        dispatcher: new undici7.Agent(),
      }),
    ]
    const raised = await Promise.all(sends.map((p) => p.catch((e: unknown) => e)))
    expect(raised.map((e) => (e as { code?: string }).code)).toEqual([
      'UND_ERR_REQ_CONTENT_LENGTH_MISMATCH',
      'UND_ERR_REQ_CONTENT_LENGTH_MISMATCH',
    ])
    expect(seen).toEqual([])
  })

  it('pipelined, what undici sends alone goes alone: POSTs one at a time, GETs of 6.x side by side', async () => {
    const ends: (() => void)[] = []
    route = async (r) => {
      seen.push(`start ${r.method}`)
      await new Promise<void>((end) => ends.push(end))
      return jsonResponse({ id: 're_1' })
    }
    const client = new Client('https://payments.test', { pipelining: 10 })
    const sends = (['POST', 'POST', 'GET', 'GET'] as const).map((method) =>
      client.request({ path: '/v1/refunds', method }).then((r) => r.body.dump()),
    )
    const settle = async () => {
      for (let i = 0; i < 20; i++) await new Promise((go) => setImmediate(go))
    }
    await settle()
    expect(seen).toEqual(['start POST'])
    ends.shift()?.()
    await settle()
    expect(seen).toEqual(['start POST', 'start POST'])
    ends.shift()?.()
    await settle()
    expect(seen).toEqual(['start POST', 'start POST', 'start GET', 'start GET'])
    for (const end of ends) end()
    await Promise.all(sends)
  })

  it('a Pool left full by a run (a request still out) sends in the next run', async () => {
    route = () => new Promise<Response>(() => {})
    const pool = new Pool('https://payments.test', { connections: 1 })
    const stuck = pool.request({ path: '/v1/refunds', method: 'POST', body: 'a=1' }).catch(() => null)
    await new Promise((go) => setImmediate(go))
    patch.undo()
    patch = undiciClients()
    route = async (r) => {
      seen.push(await r.text())
      return jsonResponse({ id: 're_1' })
    }
    const res = await pool.request({ path: '/v1/refunds', method: 'POST', body: 'a=2' })
    await res.body.dump()
    expect(seen).toEqual(['a=2'])
    void stuck
  }, 10_000)
})

describe('the dispatchers', () => {
  it("are routed from their copy's load on, and with no run open are undici's own; nested, the inner undo leaves the outer answering", async () => {
    expect((dispatchOf(Client) as () => void).name).toBe('route')
    expect((dispatchOf(undici7.Client) as () => void).name).toBe('route')
    const inner = undiciClients()
    inner.undo()
    const res = await request(REFUNDS, { method: 'POST', body: 'a=1', dispatcher: new Agent() })
    expect(res.statusCode).toBe(200)
    await res.body.dump()
    patch.undo()
    const raised = await request(REFUNDS, { dispatcher: new Agent({ connect: noSocket as never }) }).catch(
      (e: unknown) => e,
    )
    expect(raised).toMatchObject({ message: 'connected for real' })
    patch = undiciClients()
  })

  it('a copy first loaded during a run is answered from its first request', async () => {
    // A second copy of 7.x, loaded now.
    for (const file of Object.keys(cjs.cache)) if (file.includes('/node_modules/undici-7/')) delete cjs.cache[file]
    const fresh = cjs('undici-7') as typeof undici7
    expect(fresh.Client).not.toBe(undici7.Client)
    const res = await fresh.request(REFUNDS, { method: 'POST', body: 'a=1', dispatcher: new fresh.Agent() })
    expect([res.statusCode, await res.body.json()]).toEqual([200, { id: 're_1' }])
  })

  it('a Client first used with no run open (6.x keeps its first dispatch) is answered in a run, and the original again after', async () => {
    patch.undo()
    const client = new Client('https://payments.test', { connect: noSocket as never })
    const send = () => client.request({ path: '/v1/refunds', method: 'POST', body: 'a=1' })
    const before = await send().catch((e: unknown) => e)
    expect(before).toMatchObject({ message: 'connected for real' })
    patch = undiciClients()
    await (await send()).body.dump()
    expect(seen).toHaveLength(1)
    patch.undo()
    const after = await send().catch((e: unknown) => e)
    expect(after).toMatchObject({ message: 'connected for real' })
    patch = undiciClients()
  })
})
