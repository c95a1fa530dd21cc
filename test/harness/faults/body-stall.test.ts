// body-stall: the service acts, its answer starts,
// and the body stops until the client gives up —
// its own timeout fires during the body. The
// ledger says effect. (Each client's exact error:
// test/fidelity/body-faults.test.ts.)
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { bodyStall } from '../../../harness/faults/body-stall.ts'
import { eventsOf } from '../../../harness/history/history.ts'
import { strikeBody } from './body-reader.ts'

const STALL = { kind: 'body-stall', boundary: 'after-effect', step: 's1', send: 1, bytes: 5 } as const

describe('after-effect: body-stall', () => {
  it('node:http: the first bytes, then its 5 s timeout (idle since the bytes came at 20 ms) ends it: "aborted"', async () => {
    const { seen, history } = await strikeBody('http', [STALL])
    expect(eventsOf(history, 'effect-applied')).toHaveLength(1)
    expect(seen.status).toBe(200)
    expect(seen.bytes).toBe('{"id"')
    expect(seen.error).toEqual({ name: 'Error', message: 'aborted', code: 'ECONNRESET' })
    expect(seen.atMs).toBe(5_020)
    expect(eventsOf(history, 'response-lost').map((e) => e.reason)).toEqual([
      'the body stalled until the client gave up',
    ])
    expect(eventsOf(history, 'answered').map((e) => e.status)).toEqual([200])
  })

  it("fetch: the first bytes, then its signal's 5 s timeout ends the read", async () => {
    const { seen, history } = await strikeBody('fetch', [STALL])
    expect(eventsOf(history, 'effect-applied')).toHaveLength(1)
    expect(seen.status).toBe(200)
    expect(seen.bytes).toBe('{"id"')
    expect(seen.error).toBeDefined()
    expect(seen.atMs).toBe(5_000)
  })

  it.each(['fetch', 'http'] as const)('%s: the same scenario gives the same history, byte for byte', async (client) => {
    const once = await strikeBody(client, [STALL])
    const again = await strikeBody(client, [STALL])
    expect(JSON.stringify(again.history)).toBe(JSON.stringify(once.history))
    expect(eventsOf(once.history, 'fault-injected').map((e) => e.kind)).toEqual(['body-stall'])
  })

  it('its parameters: what the generator draws, the schema accepts', () => {
    const ctx = { turnBudgetMs: 45_000, spineOnly: false }
    fc.assert(
      fc.property(bodyStall.parameters(ctx), (p) => {
        expect(bodyStall.schema.safeParse({ ...STALL, ...p }).success).toBe(true)
      }),
      { seed: 24, numRuns: 200 },
    )
    expect(bodyStall.schema.safeParse({ ...STALL, bytes: 0 }).success).toBe(false)
    expect(bodyStall).toMatchObject({ boundary: 'after-effect', truth: 'effect', spine: false, weight: 1 })
  })
})
