// The fetch shim answers simulated hosts itself
// (no msw round trip) when ours is the only
// interceptor; what a client sees stays msw's.
import { FetchInterceptor } from '@mswjs/interceptors/fetch'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { installClientShims, type ClientShims } from '../../../harness/sim/client-shims.ts'
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
