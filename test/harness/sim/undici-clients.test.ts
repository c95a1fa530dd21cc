// The undici package's own Agents, Clients
// and Pools reach the run's services at their
// Clients; what sits above (retries, a proxy)
// still plays; other hosts go to the original.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Agent, Client, errors, Pool, RetryAgent, request, fetch as undiciFetch } from 'undici'
import * as undici7 from 'undici-7'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { networkError } from '../../../harness/faults/network-error.ts'
import { activate, startInterception, stopInterception } from '../../../harness/sim/network.ts'
import type { Patch } from '../../../harness/sim/patch.ts'
import { undiciClients } from '../../../harness/sim/undici-clients.ts'
import { jsonResponse } from '../../../mock-services/json-response.ts'

const REFUNDS = 'https://payments.test/v1/refunds'

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

/** A Client prototype's kDispatch, now. */
function dispatchOf(C: { prototype: object }): unknown {
  const proto = C.prototype as Record<symbol, unknown>
  const key = Object.getOwnPropertySymbols(proto).find((s) => s.description === 'dispatch')
  return key && proto[key]
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

describe('the Clients', () => {
  it('are put back at undo; nested, the inner undo leaves the outer answering', async () => {
    patch.undo()
    const originals = [dispatchOf(Client), dispatchOf(undici7.Client)]
    patch = undiciClients()
    expect(dispatchOf(Client)).not.toBe(originals[0])
    expect(dispatchOf(undici7.Client)).not.toBe(originals[1])
    const inner = undiciClients()
    inner.undo()
    const res = await request(REFUNDS, { method: 'POST', body: 'a=1', dispatcher: new Agent() })
    expect(res.statusCode).toBe(200)
    await res.body.dump()
    patch.undo()
    expect([dispatchOf(Client), dispatchOf(undici7.Client)]).toEqual(originals)
    patch = undiciClients()
  })

  it('a Client that kept the route (6.x caches its first dispatch) answers in the next run, and with none open is the original', async () => {
    const client = new Client('https://payments.test', { connect: noSocket as never })
    const send = () => client.request({ path: '/v1/refunds', method: 'POST', body: 'a=1' })
    await (await send()).body.dump()
    patch.undo()
    patch = undiciClients()
    await (await send()).body.dump()
    expect(seen).toHaveLength(2)
    patch.undo()
    const raised = await send().catch((e: unknown) => e)
    expect(raised).toMatchObject({ message: 'connected for real' })
    patch = undiciClients()
  })
})
