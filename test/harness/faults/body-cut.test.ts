// body-cut: the service acts, its answer starts
// (status, the whole body's content-length, the
// first bytes) and the connection closes. The
// ledger says effect; the client's read fails.
// (Each client's exact error: test/fidelity/
// body-faults.test.ts.)
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { bodyCut } from '../../../harness/faults/body-cut.ts'
import { eventsOf } from '../../../harness/history/history.ts'
import { strikeBody } from './body-reader.ts'

describe('after-effect: body-cut', () => {
  it.each(['http', 'fetch'] as const)(
    '%s: a 200 with the whole content-length and the first bytes, then the read fails; the effect stands',
    async (client) => {
      const { seen, history } = await strikeBody(client, [
        { kind: 'body-cut', boundary: 'after-effect', step: 's1', send: 1, bytes: 12 },
      ])
      expect(eventsOf(history, 'effect-applied')).toHaveLength(1)
      expect(seen.status).toBe(200)
      // The refund's JSON, its first 12 bytes.
      expect(seen.bytes).toBe('{"id":"re_fl')
      expect(seen.contentLength).toBeGreaterThan(12)
      expect(seen.error).toBeDefined()
      // At once: a cut is no timeout.
      expect(seen.atMs).toBe(20)
      // The pipeline's record: delivered, answered
      // 200, its response lost on the way.
      const lost = eventsOf(history, 'response-lost')
      expect(lost.map((e) => e.reason)).toEqual(['connection closed while the body was sent'])
      expect(eventsOf(history, 'answered').map((e) => e.status)).toEqual([200])
      expect(eventsOf(history, 'fault-injected').map((e) => [e.kind, e.boundary])).toEqual([
        ['body-cut', 'after-effect'],
      ])
    },
  )

  // undici ends the body a real turn later:
  // no hung executor, no timer fired first.
  it.each(['undici', 'undici-signal'] as const)(
    "%s: undici's own Pool gets its SocketError at once",
    async (client) => {
      const { seen, history } = await strikeBody(client, [
        { kind: 'body-cut', boundary: 'after-effect', step: 's1', send: 1, bytes: 1 },
      ])
      expect(seen.error).toEqual({ name: 'SocketError', message: 'other side closed', code: 'UND_ERR_SOCKET' })
      expect(seen.atMs).toBe(20)
      expect(eventsOf(history, 'executor-fault')).toEqual([])
    },
  )

  it('http: node:http raises its own "aborted" (ECONNRESET), as on a real socket', async () => {
    const { seen } = await strikeBody('http', [
      { kind: 'body-cut', boundary: 'after-effect', step: 's1', send: 1, bytes: 1 },
    ])
    expect(seen.error).toEqual({ name: 'Error', message: 'aborted', code: 'ECONNRESET' })
    expect(seen.bytes).toBe('{')
  })

  it('never sends the whole body: bytes past its end still leave it one short', async () => {
    const { seen } = await strikeBody('http', [
      { kind: 'body-cut', boundary: 'after-effect', step: 's1', send: 1, bytes: 65_536 },
    ])
    expect(seen.bytes!.length).toBe(seen.contentLength! - 1)
    expect(seen.error?.message).toBe('aborted')
  })

  it('its parameters: what the generator draws, the schema accepts; no bytes, or 0, it refuses', () => {
    const ctx = { turnBudgetMs: 45_000, spineOnly: false }
    fc.assert(
      fc.property(bodyCut.parameters(ctx), (p) => {
        const fault = { kind: 'body-cut', boundary: 'after-effect', step: 's1', send: 1, ...p }
        expect(bodyCut.schema.safeParse(fault).success).toBe(true)
      }),
      { seed: 24, numRuns: 200 },
    )
    expect(bodyCut.schema.safeParse({ kind: 'body-cut', boundary: 'after-effect', step: 's1', send: 1 }).success).toBe(
      false,
    )
    expect(
      bodyCut.schema.safeParse({ kind: 'body-cut', boundary: 'after-effect', step: 's1', send: 1, bytes: 0 }).success,
    ).toBe(false)
    expect(bodyCut).toMatchObject({ boundary: 'after-effect', truth: 'effect', spine: false, weight: 1 })
  })
})
