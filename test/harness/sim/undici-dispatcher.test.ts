// The undici package's request() and fetch()
// at its global dispatcher reach the run's
// services; other hosts go to the original;
// the slot is put back after.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Readable, Writable } from 'node:stream'
import {
  Agent,
  errors,
  getGlobalDispatcher,
  MockAgent,
  Pool,
  RetryAgent,
  pipeline,
  request,
  setGlobalDispatcher,
  stream,
  fetch as undiciFetch,
} from 'undici'
import * as undici7 from 'undici-7'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { networkError } from '../../../harness/faults/network-error.ts'
import { activate, startInterception, stopInterception } from '../../../harness/sim/network.ts'
import type { Patch } from '../../../harness/sim/patch.ts'
import { undiciGlobalDispatcher } from '../../../harness/sim/undici-dispatcher.ts'
import { undiciTimeouts } from '../../../harness/sim/undici-timeouts.ts'
import { jsonResponse } from '../../../mock-services/json-response.ts'

const SLOT = Symbol.for('undici.globalDispatcher.1')
const slot = () => (globalThis as Record<symbol, unknown>)[SLOT]

let patch: Patch
let deactivate: () => void
let route: (request: Request) => Promise<Response>
const seen: string[] = []

beforeEach(() => {
  seen.length = 0
  route = async (r) => {
    seen.push(`${r.method} ${r.url} ${r.headers.get('idempotency-key')} ${await r.text()}`)
    return jsonResponse({ id: 're_1' }, { headers: { 'x-mock': '1' } })
  }
  startInterception()
  deactivate = activate({ route: (r) => route(r) })
  patch = undiciGlobalDispatcher()
})

afterEach(() => {
  patch.undo()
  deactivate()
  stopInterception()
})

describe("the undici package's global requests", () => {
  it('request(): the service gets method, URL, headers and body; the client its answer', async () => {
    const res = await request('https://payments.test/v1/refunds?x=1', {
      method: 'POST',
      headers: { 'idempotency-key': 'k1', 'content-type': 'application/x-www-form-urlencoded' },
      body: 'amount=1',
    })
    expect(seen).toEqual(['POST https://payments.test/v1/refunds?x=1 k1 amount=1'])
    expect([res.statusCode, res.headers['x-mock']]).toEqual([200, '1'])
    expect(await res.body.json()).toEqual({ id: 're_1' })
  })

  it('fetch(): the same, its body streamed in; flat-list headers and a stream body for request()', async () => {
    const res = await undiciFetch('https://payments.test/v1/refunds', {
      method: 'POST',
      headers: { 'idempotency-key': 'k2' },
      body: JSON.stringify({ amount: 2 }),
    })
    expect(await res.json()).toEqual({ id: 're_1' })
    const streamed = await request('https://payments.test/v1/refunds', {
      method: 'POST',
      headers: ['idempotency-key', 'k3'],
      body: Readable.from(['amount=', '3']),
    })
    await streamed.body.dump()
    expect(seen).toEqual([
      'POST https://payments.test/v1/refunds k2 {"amount":2}',
      'POST https://payments.test/v1/refunds k3 amount=3',
    ])
  })

  it('stream() and pipeline() too (their handlers are the same style)', async () => {
    let out = ''
    const sink = () =>
      new Writable({
        write(chunk, _encoding, done) {
          out += chunk
          done()
        },
      })
    await stream('https://payments.test/v1/refunds', { method: 'POST', body: 'a=1', opaque: null }, sink)
    expect(out).toBe('{"id":"re_1"}')
    let piped = ''
    await new Promise<void>((resolve, reject) => {
      const duplex = pipeline('https://payments.test/v1/refunds/re_1', { method: 'GET' }, ({ body }) => body)
      duplex
        .on('data', (c) => (piped += String(c)))
        .on('end', resolve)
        .on('error', reject)
      duplex.end()
    })
    expect(piped).toBe('{"id":"re_1"}')
    expect(seen).toEqual([
      'POST https://payments.test/v1/refunds null a=1',
      'GET https://payments.test/v1/refunds/re_1 null ',
    ])
  })

  it("an injected reset fails as undici's own: SocketError, wrapped by fetch", async () => {
    route = async () => {
      throw networkError('ECONNRESET', 'payments.test', { port: 443, reset: 'close' })
    }
    const raised = await request('https://payments.test/v1/refunds', { method: 'POST', body: 'a=1' }).catch(
      (e: unknown) => e,
    )
    expect(raised).toBeInstanceOf(errors.SocketError)
    expect((raised as Error).message).toBe('other side closed')
    const wrapped = await undiciFetch('https://payments.test/v1/refunds').catch((e: unknown) => e)
    expect(wrapped).toBeInstanceOf(TypeError)
    expect((wrapped as Error & { cause: unknown }).cause).toBeInstanceOf(errors.SocketError)
  })

  it("a caller's abort rejects with its reason, and the service's request is aborted too", async () => {
    let serviceSignal: AbortSignal | undefined
    route = (r) => {
      serviceSignal = r.signal
      return new Promise(() => {})
    }
    const caller = new AbortController()
    const pending = request('https://payments.test/v1/refunds', { signal: caller.signal }).catch((e: unknown) => e)
    await new Promise((r) => setTimeout(r, 5))
    const reason = new Error('the caller gave up')
    caller.abort(reason)
    expect(await pending).toBe(reason)
    expect(serviceSignal?.aborted).toBe(true)
  })

  it('an abort with no reason is RequestAbortedError; a paused body waits for resume', async () => {
    const ended: unknown[] = []
    getGlobalDispatcher().dispatch(
      { origin: 'https://payments.test', path: '/v1/refunds', method: 'GET' },
      {
        onConnect: (abort: (reason?: Error) => void) => abort(),
        onHeaders: () => true,
        onData: () => true,
        onComplete: () => ended.push('complete'),
        onError: (e: unknown) => ended.push(e),
      },
    )
    await new Promise((r) => setTimeout(r, 5))
    expect(ended).toHaveLength(1)
    expect(ended[0]).toBeInstanceOf(errors.RequestAbortedError)
    expect(seen).toEqual([])
    // A client that says "enough" (false) gets
    // no more until it calls resume.
    const chunks: string[] = []
    let resume = () => {}
    getGlobalDispatcher().dispatch(
      { origin: 'https://payments.test', path: '/v1/refunds', method: 'GET' },
      {
        onConnect: () => {},
        onHeaders: (_s: number, _h: Buffer[], go: () => void) => ((resume = go), false),
        onData: (c: Buffer) => (chunks.push(String(c)), true),
        onComplete: () => chunks.push('end'),
        onError: (e: unknown) => chunks.push(String(e)),
      },
    )
    await new Promise((r) => setTimeout(r, 5))
    expect(chunks).toEqual([])
    resume()
    await new Promise((r) => setTimeout(r, 5))
    expect(chunks).toEqual(['{"id":"re_1"}', 'end'])
  })

  it("7.x's handlers (onRequestStart, onResponse*), as its Agent's dispatch() takes them", async () => {
    const events: unknown[] = []
    const dispatcher = getGlobalDispatcher() as unknown as { dispatch(o: object, h: object): boolean }
    await new Promise<void>((resolve) =>
      dispatcher.dispatch(
        { origin: 'https://payments.test', path: '/v1/refunds', method: 'POST', body: 'a=1' },
        {
          onRequestStart: () => events.push('start'),
          onResponseStart: (_c: unknown, status: number, headers: Record<string, string>) =>
            events.push([status, headers['x-mock']]),
          onResponseData: (_c: unknown, chunk: Buffer) => events.push(String(chunk)),
          onResponseEnd: () => resolve(),
          onResponseError: (_c: unknown, e: unknown) => (events.push(e), resolve()),
        },
      ),
    )
    expect(events).toEqual(['start', [200, '1'], '{"id":"re_1"}'])
    expect(seen).toEqual(['POST https://payments.test/v1/refunds null a=1'])
  })

  it("a handler's throw ends it as undici's core does: onError once, with that error", async () => {
    const boom = new Error('boom')
    const ended = (at: 'onHeaders' | 'onData' | 'onComplete') =>
      new Promise<unknown[]>((resolve) => {
        const events: unknown[] = []
        const handler = {
          onConnect: () => {},
          onHeaders: () => {
            if (at === 'onHeaders') throw boom
            return true
          },
          onData: () => {
            if (at === 'onData') throw boom
            return true
          },
          onComplete: () => {
            events.push('complete')
            if (at === 'onComplete') throw boom
          },
          onError: (e: unknown) => {
            events.push(e)
            setTimeout(() => resolve(events), 5)
          },
        }
        getGlobalDispatcher().dispatch({ origin: 'https://payments.test', path: '/v1/refunds', method: 'GET' }, handler)
      })
    expect(await ended('onHeaders')).toEqual([boom])
    expect(await ended('onData')).toEqual([boom])
    // After complete: onError still (core/request.js).
    expect(await ended('onComplete')).toEqual(['complete', boom])
  })

  it("request()'s query, flat and Map headers with nulls, typed arrays; no content-type it did not send", async () => {
    const types: (string | null)[] = []
    route = async (r) => {
      types.push(r.headers.get('content-type'))
      seen.push(`${r.url} ${r.headers.get('a')}|${r.headers.get('b')} ${await r.text()}`)
      return jsonResponse({ id: 're_1' })
    }
    for (const [headers, body] of [
      [['a', '1', 'b', null], 'x=1'],
      [new Map([['a', '2']]), new Uint16Array([0x6968])],
      [{ a: '3' }, new Blob(['{}'], { type: 'application/json' })],
    ] as const)
      await (
        await request('https://payments.test/v1/refunds', {
          method: 'POST',
          query: { q: 'a b' },
          headers: headers as never,
          body: body as never,
        })
      ).body.dump()
    expect(seen).toEqual([
      'https://payments.test/v1/refunds?q=a%20b 1| x=1',
      'https://payments.test/v1/refunds?q=a%20b 2|null hi',
      'https://payments.test/v1/refunds?q=a%20b 3|null {}',
    ])
    // A Blob's type is sent, as undici's core does.
    expect(types).toEqual([null, null, 'application/json'])
  })

  it("options undici's core refuses fail the same way, the service never asked", async () => {
    const refused = (options: object) =>
      request('https://payments.test/v1/refunds', { method: 'POST', ...options }).then(
        () => 'answered',
        (e: Error) => `${e.constructor.name}: ${e.message}`,
      )
    expect(await refused({ headers: ['a', '1', 'b'] })).toBe('InvalidArgumentError: headers array must be even')
    expect(await refused({ headers: new Map([['a', '1']]).entries(), body: 'x' })).toBe('answered')
    expect(await refused({ body: { a: 1 } })).toBe(
      'InvalidArgumentError: body must be a string, a Buffer, a Readable stream, an iterable, or an async iterable',
    )
    expect(
      await request('https://payments.test/v1/refunds?x=1', { query: { q: 1 } }).catch((e: Error) => e.message),
    ).toBe('Query params cannot be passed when url already contains "?" or "#".')
    expect(seen).toHaveLength(1)
  })

  it('an abort after the response completed does nothing', async () => {
    const events: unknown[] = []
    let abort: (reason?: Error) => void = () => {}
    await new Promise<void>((resolve) =>
      getGlobalDispatcher().dispatch(
        { origin: 'https://payments.test', path: '/v1/refunds', method: 'GET' },
        {
          onConnect: (a: (reason?: Error) => void) => {
            abort = a
          },
          onHeaders: () => true,
          onData: () => true,
          onComplete: () => (events.push('complete'), resolve()),
          onError: (e: unknown) => events.push(e),
        },
      ),
    )
    abort(new Error('too late'))
    await new Promise((r) => setTimeout(r, 5))
    expect(events).toEqual(['complete'])
  })

  it("fetch() gets the status line's reason; HEAD gets no body", async () => {
    const res = await undiciFetch('https://payments.test/v1/refunds')
    expect([res.status, res.statusText]).toEqual([200, 'OK'])
    await res.arrayBuffer()
    const head = await request('https://payments.test/v1/refunds', { method: 'HEAD' })
    expect(await head.body.text()).toBe('')
  })

  it("undici 7's retry interceptor composed over it retries a 503 (7.x handlers, dispatched again)", async () => {
    let sent = 0
    route = async () => (++sent < 3 ? jsonResponse({}, { status: 503 }) : jsonResponse({ id: 're_1' }))
    const retrying = getGlobalDispatcher().compose(
      undici7.interceptors.retry({ maxRetries: 2, statusCodes: [503], minTimeout: 1, maxTimeout: 1 }) as never,
    )
    const res = await undici7.request('https://payments.test/v1/refunds', { dispatcher: retrying as never })
    expect([res.statusCode, await res.body.json(), sent]).toEqual([200, { id: 're_1' }, 3])
  })

  it('another host goes to the original dispatcher (a loopback server answers)', async () => {
    const server = createServer((_req, res) => res.end('real'))
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    try {
      const res = await request(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`)
      expect(await res.body.text()).toBe('real')
      expect(seen).toEqual([])
    } finally {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    }
  })
})

describe('the slot', () => {
  it('holds ours while patched, the original after', () => {
    patch.undo()
    const original = slot()
    patch = undiciGlobalDispatcher()
    expect(getGlobalDispatcher()).not.toBe(original)
    expect(patch.intact()).toBe(true)
    patch.undo()
    expect(slot()).toBe(original)
    patch = undiciGlobalDispatcher()
  })

  it("an app's own setGlobalDispatcher during a run is put back at undo: each run starts alike", () => {
    patch.undo()
    const before = getGlobalDispatcher()
    patch = undiciGlobalDispatcher()
    const theirs = new Agent()
    setGlobalDispatcher(theirs)
    expect(patch.intact()).toBe(false)
    patch.undo()
    expect(slot()).toBe(before)
    patch = undiciGlobalDispatcher()
  })

  it('is left alone over what it would answer past: interceptors, redirects, a factory, retries, compose(), a mock, itself', () => {
    patch.undo()
    const before = getGlobalDispatcher()
    const retry = undici7.interceptors.retry({ statusCodes: [503] })
    try {
      for (const theirs of [
        new Agent({ interceptors: { Agent: [], Client: [] } } as never),
        new Agent({ maxRedirections: 2 }),
        new Agent({ factory: (origin: string, options: object) => new Pool(origin, options) }),
        new RetryAgent(new Agent()),
        new undici7.Agent().compose(retry),
        new MockAgent(),
      ]) {
        setGlobalDispatcher(theirs as never)
        const p = undiciGlobalDispatcher()
        expect(slot()).toBe(theirs)
        p.undo()
        expect(slot()).toBe(theirs)
      }
      // Mounted twice: the inner one leaves ours.
      setGlobalDispatcher(before)
      const outer = undiciGlobalDispatcher()
      const standIn = slot()
      const inner = undiciGlobalDispatcher()
      expect(slot()).toBe(standIn)
      inner.undo()
      outer.undo()
      expect(slot()).toBe(before)
    } finally {
      setGlobalDispatcher(before)
      patch = undiciGlobalDispatcher()
    }
  })

  it("over undici 7's own Agent too: its request() is answered, with that Agent's timeouts", async () => {
    patch.undo()
    const before = getGlobalDispatcher()
    const theirs = new undici7.Agent({ headersTimeout: 1234 })
    undici7.setGlobalDispatcher(theirs)
    try {
      patch = undiciGlobalDispatcher()
      expect(slot()).not.toBe(theirs)
      expect(undiciTimeouts('https://payments.test/', undefined).headersMs).toBe(1234)
      const res = await undici7.request('https://payments.test/v1/refunds', { method: 'POST', body: 'a=7' })
      expect([res.statusCode, await res.body.json()]).toEqual([200, { id: 're_1' }])
      expect(seen).toEqual(['POST https://payments.test/v1/refunds null a=7'])
    } finally {
      patch.undo()
      setGlobalDispatcher(before)
      patch = undiciGlobalDispatcher()
    }
  })
})
