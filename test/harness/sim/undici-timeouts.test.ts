// Which headersTimeout and bodyTimeout a fetch
// gets from its dispatcher (undici 6.24.1), and
// when undici's fast timers fire.
import { Agent, Client, getGlobalDispatcher, Pool, setGlobalDispatcher } from 'undici'
import { afterEach, describe, expect, it } from 'vitest'
import { fastTimerDelay, UNDICI_DEFAULT_TIMEOUT_MS, undiciTimeouts } from '../../../harness/sim/undici-timeouts.ts'

const URL_ = 'https://payments.test/v1/refunds'
const DEFAULTS = { headersMs: UNDICI_DEFAULT_TIMEOUT_MS, bodyMs: UNDICI_DEFAULT_TIMEOUT_MS }

describe('undiciTimeouts', () => {
  const before = getGlobalDispatcher()
  afterEach(() => setGlobalDispatcher(before))

  it("an Agent's own settings; unset ones at undici's 300 s default; 0 (off) kept", () => {
    expect(
      undiciTimeouts(URL_, { dispatcher: new Agent({ headersTimeout: 10_000, bodyTimeout: 5_000 }) } as never),
    ).toEqual({
      headersMs: 10_000,
      bodyMs: 5_000,
    })
    expect(undiciTimeouts(URL_, { dispatcher: new Agent({ bodyTimeout: 0 }) } as never)).toEqual({
      headersMs: 300_000,
      bodyMs: 0,
    })
    expect(undiciTimeouts(URL_, { dispatcher: new Agent() } as never)).toEqual(DEFAULTS)
  })

  it('a Pool (its options) and a Client (its own values) as the dispatcher', () => {
    expect(
      undiciTimeouts(URL_, { dispatcher: new Pool('https://payments.test', { headersTimeout: 7_000 }) } as never),
    ).toEqual({
      headersMs: 7_000,
      bodyMs: 300_000,
    })
    expect(
      undiciTimeouts(URL_, { dispatcher: new Client('https://payments.test', { bodyTimeout: 3_000 }) } as never),
    ).toEqual({
      headersMs: 300_000,
      bodyMs: 3_000,
    })
  })

  it("no dispatcher: the global one (setGlobalDispatcher); the fetch's own wins", () => {
    setGlobalDispatcher(new Agent({ headersTimeout: 2_000 }))
    expect(undiciTimeouts(URL_, {})).toEqual({ headersMs: 2_000, bodyMs: 300_000 })
    expect(undiciTimeouts(URL_, undefined)).toEqual({ headersMs: 2_000, bodyMs: 300_000 })
    expect(undiciTimeouts(URL_, { dispatcher: new Agent({ headersTimeout: 9_000 }) } as never).headersMs).toBe(9_000)
  })

  it("a Request's own dispatcher (new Request(url, { dispatcher })), under init's", () => {
    const request = new Request(URL_, { dispatcher: new Agent({ headersTimeout: 4_000 }) } as never)
    expect(undiciTimeouts(request, undefined).headersMs).toBe(4_000)
    expect(undiciTimeouts(request, { dispatcher: new Agent({ headersTimeout: 6_000 }) } as never).headersMs).toBe(6_000)
  })

  it('anything unreadable: the defaults', () => {
    for (const dispatcher of [
      { dispatch() {} },
      42,
      new Proxy(
        {},
        {
          ownKeys: () => {
            throw new Error('no')
          },
        },
      ),
    ])
      expect(undiciTimeouts(URL_, { dispatcher } as never)).toEqual(DEFAULTS)
  })
})

describe('fastTimerDelay (util/timers.js: 499 ms ticks, armed on the first)', () => {
  it('fires at the first tick past the delay, never before the second', () => {
    // Measured on loopback: 200 → ~1,000 ms, 1,500 →
    // ~2,000, 2,000 → ~2,500 (test/fidelity).
    expect(fastTimerDelay(1)).toBe(998)
    expect(fastTimerDelay(200)).toBe(998)
    expect(fastTimerDelay(998)).toBe(998)
    expect(fastTimerDelay(999)).toBe(1_497)
    expect(fastTimerDelay(1_500)).toBe(1_996)
    expect(fastTimerDelay(2_000)).toBe(2_495)
    expect(fastTimerDelay(10_000)).toBe(10_479)
    expect(fastTimerDelay(300_000)).toBe(300_398)
  })
})
