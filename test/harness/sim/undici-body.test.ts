// A fetch body as undici delivers it: pumped as it
// arrives, failed by bodyTimeout after a stall
// (re-armed by every chunk), by the request's
// abort until read to the end, and shaped by
// `readError` when the source breaks.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { undiciBody, type BodyOptions } from '../../../harness/sim/undici-body.ts'
import { fastTimerDelay } from '../../../harness/sim/undici-timeouts.ts'

const enc = (s: string) => new TextEncoder().encode(s)

/** A source: chunks at given ms, then stalls (or ends). */
function source(chunks: readonly (readonly [number, string])[], end: 'stall' | 'close' | Error) {
  const seen = { cancelled: undefined as unknown, cancels: 0 }
  let step = 0
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const next = chunks[step++]
        if (next) {
          await new Promise((r) => setTimeout(r, next[0]))
          return controller.enqueue(enc(next[1]))
        }
        if (end === 'close') return controller.close()
        if (end instanceof Error) return controller.error(end)
        await new Promise(() => {}) // stalls
      },
      cancel(reason) {
        seen.cancels++
        seen.cancelled = reason
      },
    },
    { highWaterMark: 0 },
  )
  const response = new Response(body, { status: 201, statusText: 'Created', headers: { 'x-a': '1' } })
  Object.defineProperty(response, 'url', { value: 'https://payments.test/v1/refunds' })
  return { response, seen }
}

function wrap(response: Response, overrides: Partial<BodyOptions> = {}) {
  const controller = new AbortController()
  const gaveUp: unknown[] = []
  const options: BodyOptions = {
    bodyMs: 1_000,
    signals: [controller.signal],
    giveUp: (reason) => {
      gaveUp.push(reason)
      controller.abort(reason)
    },
    readError: (e, bytes) => new TypeError(`shaped after ${bytes} bytes`, { cause: e }),
    ...overrides,
  }
  return { wrapped: undiciBody(response, options), controller, gaveUp }
}

/** Settles a read, noting when (virtual ms). */
function settle<T>(p: Promise<T>) {
  const out: { value?: T; error?: unknown; at?: number } = {}
  p.then(
    (value) => Object.assign(out, { value, at: Date.now() }),
    (error: unknown) => Object.assign(out, { error, at: Date.now() }),
  )
  return out
}

describe('undiciBody', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 0 })
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('keeps status, text, headers and url; a whole body reads as it is and leaves no timer', async () => {
    const { response } = source(
      [
        [0, '{"id":'],
        [10, '"re_1"}'],
      ],
      'close',
    )
    const { wrapped } = wrap(response)
    expect([wrapped.status, wrapped.statusText, wrapped.headers.get('x-a'), wrapped.url]).toEqual([
      201,
      'Created',
      '1',
      'https://payments.test/v1/refunds',
    ])
    const text = settle(wrapped.text())
    await vi.advanceTimersByTimeAsync(10)
    expect(text.value).toBe('{"id":"re_1"}')
    expect(vi.getTimerCount()).toBe(0)
  })

  it('a stall: the read fails TypeError: terminated ← BodyTimeoutError at its fast timer after the last bytes; the request is given up with it', async () => {
    const { response, seen } = source([[0, '{"id":']], 'stall')
    const { wrapped, gaveUp } = wrap(response)
    const text = settle(wrapped.text())
    await vi.advanceTimersByTimeAsync(fastTimerDelay(1_000) - 1)
    expect(text.at).toBeUndefined()
    await vi.advanceTimersByTimeAsync(1)
    expect(text.at).toBe(fastTimerDelay(1_000))
    const error = text.error as TypeError & { cause: { code: string; name: string } }
    expect(error).toBeInstanceOf(TypeError)
    expect(error.message).toBe('terminated')
    expect(error.cause).toMatchObject({ name: 'BodyTimeoutError', code: 'UND_ERR_BODY_TIMEOUT' })
    expect(gaveUp).toEqual([error.cause])
    expect(seen.cancelled).toBe(error.cause)
    expect(vi.getTimerCount()).toBe(0)
  })

  it('each chunk re-arms the timer (onBody refreshes it): a slow body within it completes', async () => {
    const { response } = source(
      [
        [0, 'a'],
        [1_400, 'b'],
        [1_400, 'c'],
      ],
      'close',
    )
    const { wrapped, gaveUp } = wrap(response)
    const text = settle(wrapped.text())
    await vi.advanceTimersByTimeAsync(3_000)
    expect(text.value).toBe('abc')
    expect(gaveUp).toEqual([])
  })

  it('bodyMs 0: no timer; a stall waits', async () => {
    const { response } = source([[0, 'a']], 'stall')
    const { wrapped } = wrap(response, { bodyMs: 0 })
    const text = settle(wrapped.text())
    await vi.advanceTimersByTimeAsync(1_000_000)
    expect(text.at).toBeUndefined()
    expect(vi.getTimerCount()).toBe(0)
  })

  it("the request's abort during a stall: the read rejects with its reason itself", async () => {
    const { response, seen } = source([[0, 'a']], 'stall')
    const { wrapped, controller, gaveUp } = wrap(response)
    const text = settle(wrapped.text())
    await vi.advanceTimersByTimeAsync(100)
    const reason = new DOMException('The operation was aborted due to timeout', 'TimeoutError')
    controller.abort(reason)
    await vi.advanceTimersByTimeAsync(0)
    expect(text.error).toBe(reason)
    expect(seen.cancelled).toBe(reason)
    expect(gaveUp).toEqual([])
    expect(vi.getTimerCount()).toBe(0)
  })

  it('an abort after the whole body came but before it was read: lost, as undici loses it (measured); after it was read: nothing', async () => {
    const unread = wrap(source([[0, 'a']], 'close').response)
    await vi.advanceTimersByTimeAsync(10)
    unread.controller.abort(new DOMException('This operation was aborted', 'AbortError'))
    await expect(unread.wrapped.text()).rejects.toMatchObject({ name: 'AbortError' })

    const read = wrap(source([[0, 'a']], 'close').response)
    const text = settle(read.wrapped.text())
    await vi.advanceTimersByTimeAsync(10)
    read.controller.abort()
    await vi.advanceTimersByTimeAsync(0)
    expect(text.value).toBe('a')
  })

  it('the reader cancels: the source is cancelled and the request given up (undici aborts the fetch)', async () => {
    const { response, seen } = source([[0, 'a']], 'stall')
    const { wrapped, gaveUp } = wrap(response)
    await vi.advanceTimersByTimeAsync(10)
    await wrapped.body!.cancel()
    expect(seen.cancels).toBe(1)
    expect(gaveUp).toHaveLength(1)
    expect(gaveUp[0]).toMatchObject({ name: 'AbortError' })
    expect(vi.getTimerCount()).toBe(0)
  })

  it("a source that breaks: the read fails with readError's shape, given the bytes read", async () => {
    const broken = new Error('socket hang up')
    const { response } = source([[0, 'abcd']], broken)
    const { wrapped, gaveUp } = wrap(response)
    const text = settle(wrapped.text())
    await vi.advanceTimersByTimeAsync(10)
    expect(text.error).toMatchObject({ message: 'shaped after 4 bytes', cause: broken })
    expect(gaveUp).toEqual([])
    expect(vi.getTimerCount()).toBe(0)
  })

  it('no body: the response as it is', () => {
    const response = new Response(null, { status: 204 })
    expect(wrap(response).wrapped).toBe(response)
  })
})
