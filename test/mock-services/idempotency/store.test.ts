import { describe, expect, it } from 'vitest'
import { DAY_MS, IdempotencyStore } from '../../../mock-services/idempotency/store.ts'

function clock(start = 1_700_000_000_000) {
  const c = { now: start, fn: () => c.now }
  return c
}

const OK = { status: 200, body: { id: 're_1', amount: 4990 } }

describe('IdempotencyStore', () => {
  it('reserves a new key, then replays the stored response for the same payload', () => {
    const c = clock()
    const store = new IdempotencyStore(c.fn)
    expect(store.reserve('k1', 'fp-a')).toEqual({ kind: 'reserved' })
    expect(store.size).toBe(1)
    store.complete('k1', OK)
    const again = store.reserve('k1', 'fp-a')
    expect(again).toEqual({ kind: 'replay', response: OK })
    expect(store.size).toBe(1)
  })

  it('answers in-flight while the first request has no stored response yet', () => {
    const store = new IdempotencyStore(clock().fn)
    store.reserve('k1', 'fp-a')
    expect(store.reserve('k1', 'fp-a')).toEqual({ kind: 'in-flight' })
  })

  it('answers mismatch for the same key with another payload, in flight or completed', () => {
    const store = new IdempotencyStore(clock().fn)
    store.reserve('k1', 'fp-a')
    expect(store.reserve('k1', 'fp-b')).toEqual({ kind: 'mismatch' })
    store.complete('k1', OK)
    expect(store.reserve('k1', 'fp-b')).toEqual({ kind: 'mismatch' })
    // the mismatch did not overwrite the first payload
    expect(store.reserve('k1', 'fp-a')).toEqual({ kind: 'replay', response: OK })
  })

  it('keeps keys apart', () => {
    const store = new IdempotencyStore(clock().fn)
    store.reserve('k1', 'fp-a')
    expect(store.reserve('k2', 'fp-a')).toEqual({ kind: 'reserved' })
    expect(store.size).toBe(2)
  })

  it('release forgets an unfinished reservation so the key can be used again, even with another payload', () => {
    const store = new IdempotencyStore(clock().fn)
    store.reserve('k1', 'fp-a')
    store.release('k1')
    expect(store.size).toBe(0)
    expect(store.reserve('k1', 'fp-b')).toEqual({ kind: 'reserved' })
  })

  it('release does not forget a completed key', () => {
    const store = new IdempotencyStore(clock().fn)
    store.reserve('k1', 'fp-a')
    store.complete('k1', OK)
    store.release('k1')
    expect(store.size).toBe(1)
    expect(store.reserve('k1', 'fp-a')).toEqual({ kind: 'replay', response: OK })
  })

  it('complete and release of an unknown key do nothing', () => {
    const store = new IdempotencyStore(clock().fn)
    store.complete('nope', OK)
    store.release('nope')
    expect(store.size).toBe(0)
    expect(store.reserve('nope', 'fp-a')).toEqual({ kind: 'reserved' })
  })

  it('keeps a key for 24 h and forgets it at 24 h', () => {
    const c = clock()
    const store = new IdempotencyStore(c.fn)
    store.reserve('k1', 'fp-a')
    store.complete('k1', OK)
    c.now += DAY_MS - 1
    expect(store.reserve('k1', 'fp-a')).toEqual({ kind: 'replay', response: OK })
    expect(store.reserve('k1', 'fp-b')).toEqual({ kind: 'mismatch' })
    c.now += 1
    expect(store.reserve('k1', 'fp-b')).toEqual({ kind: 'reserved' }) // expired: a fresh reservation
    expect(store.reserve('k1', 'fp-b')).toEqual({ kind: 'in-flight' })
  })

  it('measures retention from the first reservation, not from the replay', () => {
    const c = clock()
    const store = new IdempotencyStore(c.fn)
    store.reserve('k1', 'fp-a')
    store.complete('k1', OK)
    c.now += DAY_MS / 2
    expect(store.reserve('k1', 'fp-a').kind).toBe('replay')
    c.now += DAY_MS / 2
    expect(store.reserve('k1', 'fp-a')).toEqual({ kind: 'reserved' })
  })

  it('honours a custom retention', () => {
    const c = clock()
    const store = new IdempotencyStore(c.fn, 1000)
    store.reserve('k1', 'fp-a')
    store.complete('k1', OK)
    c.now += 999
    expect(store.reserve('k1', 'fp-a').kind).toBe('replay')
    c.now += 1
    expect(store.reserve('k1', 'fp-a').kind).toBe('reserved')
  })

  it('DAY_MS is 24 hours', () => {
    expect(DAY_MS).toBe(86_400_000)
  })
})
