// The fetch shim answers simulated hosts itself
// (no msw round trip) when ours is the only
// interceptor; what a client sees stays msw's.
import { FetchInterceptor } from '@mswjs/interceptors/fetch'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { installClientShims, type ClientShims } from '../../../harness/sim/client-shims.ts'
import { networkError } from '../../../harness/faults/network-error.ts'
import { activate, canRouteFetch, startInterception, stopInterception } from '../../../harness/sim/network.ts'
import { jsonResponse } from '../../../mock-services/json-response.ts'

let shims: ClientShims
let deactivate: () => void
const seen: string[] = []

beforeEach(() => {
  seen.length = 0
  startInterception()
  deactivate = activate({
    route: async (request) => {
      seen.push(`${request.method} ${request.url} ${await request.text()}`)
      return jsonResponse({ ok: true }, { headers: { 'x-mock': '1' } })
    },
  })
  shims = installClientShims()
})

afterEach(() => {
  shims.undo()
  deactivate()
  stopInterception()
})

describe('fetch to a simulated host, answered by the shim', () => {
  it('skips msw: its fetch interceptor never sees the request, and the answer is whole', async () => {
    expect(canRouteFetch()).toBe(true)
    const running = (globalThis as Record<symbol, unknown>)[FetchInterceptor.symbol] as FetchInterceptor
    const listener = vi.fn()
    running.on('request', listener)
    try {
      const res = await fetch('https://payments.test/v1/refunds?x=1', { method: 'POST', body: 'amount=1' })
      expect(listener).not.toHaveBeenCalled()
      expect(seen).toEqual(['POST https://payments.test/v1/refunds?x=1 amount=1'])
      expect(res).toBeInstanceOf(Response)
      expect([res.status, res.url, res.headers.get('x-mock'), res.headers.get('content-length')]).toEqual([
        200,
        'https://payments.test/v1/refunds?x=1',
        '1',
        '11',
      ])
      expect(await res.json()).toEqual({ ok: true })
    } finally {
      running.off('request', listener)
    }
  })

  it('draws Math.random once per request, as msw does (seeded runs stay byte-identical)', async () => {
    const random = vi.spyOn(Math, 'random')
    try {
      await (await fetch('https://payments.test/v1/refunds')).text()
      expect(random).toHaveBeenCalledTimes(1)
    } finally {
      random.mockRestore()
    }
  })

  it("an abort after the headers loses the unread body, with the caller's reason", async () => {
    const caller = new AbortController()
    const res = await fetch('https://payments.test/v1/refunds', { signal: caller.signal })
    const reason = new Error('changed my mind')
    caller.abort(reason)
    await expect(res.text()).rejects.toBe(reason)
  })

  it('a body read to the end is kept when the caller aborts afterwards', async () => {
    const caller = new AbortController()
    const res = await fetch('https://payments.test/v1/refunds', { signal: caller.signal })
    const text = await res.text()
    caller.abort()
    expect(text).toBe('{"ok":true}')
  })

  it("builds the Request msw would: a GET's body dropped, a stream body without duplex taken", async () => {
    await (await fetch('https://payments.test/a', { method: 'GET', body: 'dropped' })).text()
    const stream = new ReadableStream({
      start(c) {
        c.enqueue(new TextEncoder().encode('streamed'))
        c.close()
      },
    })
    await (await fetch('https://payments.test/b', { method: 'POST', body: stream })).text()
    expect(seen).toEqual(['GET https://payments.test/a ', 'POST https://payments.test/b streamed'])
  })

  it('an aborted signal rejects before the service sees the request', async () => {
    const reason = new Error('never mind')
    await expect(fetch('https://payments.test/v1/refunds', { signal: AbortSignal.abort(reason) })).rejects.toBe(reason)
    expect(seen).toEqual([])
  })
})

/** A fetch's events, by microtask (a ticker's count). */
async function timeline(): Promise<string[]> {
  let tick = 0
  let stop = false
  const log: string[] = []
  const mark = (what: string) => log.push(`${what}@${tick}`)
  let mode = ''
  let abortAfter = 0
  let caller = new AbortController()
  const off = activate({
    route: async (request) => {
      mark('route')
      await request.text()
      if (mode === 'throw') throw new Error('boom')
      if (mode === 'network') throw networkError('ECONNRESET', 'payments.test')
      if (mode === 'response') throw jsonResponse({ thrown: true }, { status: 418 })
      if (mode === 'error') return Response.error()
      if (mode === 'empty') return new Response(null, { status: 204 })
      if (mode === 'ok') return jsonResponse({ ok: true })
      void (async () => {
        for (let i = 0; i < abortAfter; i++) await null
        caller.abort(new Error('late'))
      })()
      // Hung: aborted while the service holds it.
      return mode === 'hang' ? new Promise<Response>(() => {}) : jsonResponse({ ok: true })
    },
  })
  const cases: [string, number][] = [
    ['ok', 0],
    ['throw', 0],
    ['network', 0],
    ['response', 0],
    ['error', 0],
  ]
  cases.push(['empty', 0], ['pre', 0], ['hang', 3])
  for (let k = 0; k < 9; k++) cases.push(['abort', k])
  const error = vi.spyOn(console, 'error').mockImplementation(() => {})
  try {
    for ([mode, abortAfter] of cases) {
      tick = 0
      stop = false
      caller = new AbortController()
      if (mode === 'pre') caller.abort(new Error('early'))
      // Microtasks only: every case settles without a macrotask.
      const ticker = (async () => {
        while (!stop) {
          await null
          tick++
        }
      })()
      mark(`${mode}${abortAfter}`)
      try {
        const res = await fetch('https://payments.test/v1/refunds', {
          method: 'POST',
          body: 'a=1',
          signal: caller.signal,
        })
        mark(`status ${res.status}`)
        const reader = res.body?.getReader()
        for (let chunk = await reader?.read(); chunk && !chunk.done; chunk = await reader?.read()) mark('chunk')
        mark('end')
      } catch (e) {
        mark(`rejected ${(e as Error).name}: ${String((e as Error).message).slice(0, 24)}`)
      }
      stop = true
      await ticker
    }
  } finally {
    error.mockRestore()
    off()
  }
  return log
}

describe("the direct path settles in msw's microtasks", () => {
  it('answers, errors, aborts and bodies come at the same turn as through msw (concurrent work interleaves alike)', async () => {
    deactivate()
    const direct = await timeline()
    shims.undo()
    stopInterception()
    // A guest's msw makes ours listen through it.
    const guest = new FetchInterceptor()
    guest.apply()
    try {
      startInterception()
      shims = installClientShims()
      expect(canRouteFetch()).toBe(false)
      const throughMsw = await timeline()
      expect(direct).toEqual(throughMsw)
      expect(direct).toContain('status 200@22')
    } finally {
      shims.undo()
      stopInterception()
      guest.dispose()
      startInterception()
      shims = installClientShims()
      deactivate = activate({ route: async () => jsonResponse({}) })
    }
  })
})
