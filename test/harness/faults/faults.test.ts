// Per fault kind: the ledger's truth (did the
// effect happen?) and the error the client saw.
import { describe, expect, it } from 'vitest'
import type { Fault } from '../../../harness/faults/catalogue.ts'
import { eventsOf } from '../../../harness/history/history.ts'
import { runScenario } from '../../../harness/run/runner.ts'
import { oneShotExecutor, type Seen } from '../../support/one-shot-executor.ts'
import { refundScenario } from '../../support/scenario.ts'

async function strike(fault: Fault, timeoutMs: number | null = 5_000) {
  const seen: Seen = {}
  const { history } = await runScenario(
    refundScenario({ faults: [fault], model: { maxAsks: 1, regenerateArgs: false } }),
    oneShotExecutor(seen, timeoutMs),
  )
  return { seen, history, effects: eventsOf(history, 'effect-applied') }
}

describe('before-send: connection-refused', () => {
  it('never reaches the service, and fetch fails like undici with ECONNREFUSED as the cause', async () => {
    const { seen, effects, history } = await strike({
      kind: 'connection-refused',
      boundary: 'before-send',
      step: 's1',
      send: 1,
    })
    expect(effects).toHaveLength(0)
    expect(eventsOf(history, 'request-delivered')).toHaveLength(0)
    expect(seen.error).toMatchObject({
      name: 'TypeError',
      message: 'fetch failed',
      causeCode: 'ECONNREFUSED',
      causeSyscall: 'connect',
    })
  })
})

describe('after-receipt: server-fails-before-apply', () => {
  it('reset: no effect, the client sees the connection closed (undici: SocketError UND_ERR_SOCKET)', async () => {
    const { seen, effects } = await strike({
      kind: 'server-fails-before-apply',
      boundary: 'after-receipt',
      step: 's1',
      send: 1,
      mode: 'reset',
    })
    expect(effects).toHaveLength(0)
    expect(seen.error).toMatchObject({
      name: 'TypeError',
      message: 'fetch failed',
      causeName: 'SocketError',
      causeCode: 'UND_ERR_SOCKET',
    })
  })
  it('503: no effect, the client sees a 503 response', async () => {
    const { seen, effects } = await strike({
      kind: 'server-fails-before-apply',
      boundary: 'after-receipt',
      step: 's1',
      send: 1,
      mode: '503',
    })
    expect(effects).toHaveLength(0)
    expect(seen.status).toBe(503)
    expect(seen.error).toBeUndefined()
  })
})

describe('after-effect: reset-after-effect', () => {
  it('the effect is in the ledger, yet the client sees the connection closed', async () => {
    const { seen, effects, history } = await strike({
      kind: 'reset-after-effect',
      boundary: 'after-effect',
      step: 's1',
      send: 1,
    })
    expect(effects).toHaveLength(1)
    expect(eventsOf(history, 'response-lost')).toHaveLength(1)
    expect(seen.error).toMatchObject({
      name: 'TypeError',
      message: 'fetch failed',
      causeName: 'SocketError',
      causeCode: 'UND_ERR_SOCKET',
      causeSyscall: undefined,
    })
  })
})

describe('after-effect: withhold-after-effect', () => {
  it('the effect is in the ledger; the client only sees its own timeout, at its timeout', async () => {
    const { seen, effects, history } = await strike(
      { kind: 'withhold-after-effect', boundary: 'after-effect', step: 's1', send: 1 },
      5_000,
    )
    expect(effects).toHaveLength(1)
    expect(seen.error).toMatchObject({ name: 'TimeoutError' })
    const reported = eventsOf(history, 'outcome-reported')[0]!
    expect(reported.t).toBe(5_000)
  })
  it("a fetch with no timeout of its own: undici's 300 s headersTimeout ends it, as on a real socket", async () => {
    const { seen, effects, history } = await strike(
      { kind: 'withhold-after-effect', boundary: 'after-effect', step: 's1', send: 1 },
      null,
    )
    expect(effects).toHaveLength(1)
    expect(seen.error).toMatchObject({
      name: 'TypeError',
      message: 'fetch failed',
      causeName: 'HeadersTimeoutError',
      causeCode: 'UND_ERR_HEADERS_TIMEOUT',
    })
    // undici's fast timer: 300 s fires at 300.398 s.
    expect(eventsOf(history, 'outcome-reported')[0]!.t).toBe(300_398)
    expect(eventsOf(history, 'executor-fault')).toEqual([])
  })
})

describe('in-transit: late-delivery', () => {
  it('the client gives up first; the request lands later and the effect happens after the client saw its timeout', async () => {
    const { seen, effects, history } = await strike(
      { kind: 'late-delivery', boundary: 'in-transit', step: 's1', send: 1, delayMs: 3_000 },
      5_000,
    )
    expect(seen.error).toMatchObject({ name: 'TimeoutError' })
    expect(effects).toHaveLength(1)
    const reported = eventsOf(history, 'outcome-reported')[0]!
    expect(reported.t).toBe(5_000)
    expect(effects[0]!.t).toBeGreaterThanOrEqual(8_000)
    expect(effects[0]!.t).toBeGreaterThan(reported.t)
  })
})

describe('fault targeting', () => {
  it('strikes only the n-th side-effecting request; probes are not counted', async () => {
    const seen: Seen = {}
    const { history } = await runScenario(
      refundScenario({
        faults: [{ kind: 'connection-refused', boundary: 'before-send', step: 's1', send: 2 }],
        model: { maxAsks: 1, regenerateArgs: false },
      }),
      oneShotExecutor(seen),
    )
    expect(eventsOf(history, 'fault-injected')).toHaveLength(0)
    expect(seen.status).toBe(200)
  })
})
