import fc from 'fast-check'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { plainCopy } from '../../../harness/contract/plain-copy.ts'
import { scenarioGenerator } from '../../../scenarios/arbitraries.ts'

afterEach(() => {
  vi.restoreAllMocks()
})

/** Every object's keys, in order, depth first. */
const keyOrder = (v: unknown): unknown =>
  typeof v === 'object' && v !== null ? Object.entries(v).map(([k, x]) => [k, keyOrder(x)]) : null

/** Same keys in the same order, -0 and NaN kept. */
function sameAsClone(value: unknown): void {
  const clone = structuredClone(value)
  const copy = plainCopy(value)
  expect(copy).toStrictEqual(clone)
  expect(keyOrder(copy)).toStrictEqual(keyOrder(clone))
  if (typeof value === 'object' && value !== null) expect(copy).not.toBe(value)
}

describe('plainCopy', () => {
  it('copies JSON-like data as structuredClone does, without calling it (seed 26)', () => {
    const spy = vi.spyOn(globalThis, 'structuredClone')
    fc.assert(
      fc.property(
        fc.jsonValue(),
        fc.oneof(fc.constant(-0), fc.constant(Number.NaN), fc.bigInt(), fc.constant(undefined)),
        (json, odd) => {
          const value = { json, odd, list: [odd, json], 7: 'an index key', 2: 'first' }
          sameAsClone(value)
          expect(Object.is((plainCopy(value) as typeof value).odd, odd)).toBe(true)
        },
      ),
      { seed: 26, numRuns: 300 },
    )
    const calls = spy.mock.calls.length
    plainCopy({ a: [1, { b: 'c' }] })
    expect(spy.mock.calls.length).toBe(calls) // the copy's own path
  })

  it('copies a generated scenario without structuredClone', () => {
    const spy = vi.spyOn(globalThis, 'structuredClone')
    const [scenario] = fc.sample(scenarioGenerator().arbitrary, { numRuns: 1, seed: 3 })
    const before = spy.mock.calls.length
    const copy = plainCopy(scenario)
    expect(spy.mock.calls.length).toBe(before)
    expect(copy).toStrictEqual(structuredClone(scenario))
  })

  it('leaves what is not plain data to structuredClone: the same copy, or the same error', () => {
    const shared = { x: 1 }
    const cyclic: Record<string, unknown> = { a: 1 }
    cyclic.self = cyclic
    // biome-ignore lint/suspicious/noSparseArray: a hole on purpose
    const sparse = [1, , 3]
    const extra = Object.assign([1, 2], { note: 'kept by structuredClone' })
    const protoKey = JSON.parse('{"__proto__": {"polluted": true}, "a": 1}')
    const cases: unknown[] = [
      { when: new Date(0) },
      { map: new Map([[1, 2]]) },
      { a: shared, b: shared },
      cyclic,
      sparse,
      extra,
      protoKey,
      Object.create(null),
    ]
    const spy = vi.spyOn(globalThis, 'structuredClone')
    for (const value of cases) {
      const before = spy.mock.calls.length
      const copy = plainCopy(value) as Record<string, unknown>
      expect(spy.mock.calls.length).toBe(before + 1)
      expect(copy).toStrictEqual(spy.mock.results.at(-1)!.value)
    }
    const aliased = plainCopy({ a: shared, b: shared })
    expect(aliased.a).toBe(aliased.b)
    expect(Object.hasOwn(plainCopy(protoKey), '__proto__')).toBe(true)
    for (const bad of [{ f: () => {} }, { s: Symbol('s') }, new Proxy({}, {})])
      expect(() => plainCopy(bad)).toThrow(expect.objectContaining({ name: 'DataCloneError' }))
  })
})
