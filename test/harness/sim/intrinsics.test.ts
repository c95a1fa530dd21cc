import { afterEach, describe, expect, it } from 'vitest'
import { BuiltinSnapshot, toJson } from '../../../harness/sim/intrinsics.ts'

const push = Array.prototype.push
afterEach(() => {
  // Whatever a test left, put back.
  Array.prototype.push = push
  for (const proto of [Object.prototype, Array.prototype] as Record<string, unknown>[]) {
    delete proto.toJSON
    delete proto.then
    delete proto.get
  }
})

const no = () => {
  throw new Error('a polluted builtin says no')
}

describe('BuiltinSnapshot', () => {
  it('finds a builtin changed, added or made a getter, and puts each back', () => {
    const snapshot = new BuiltinSnapshot()
    expect(snapshot.changed()).toBe(false)
    Array.prototype.push = no
    Object.assign(Array.prototype, { toJSON: no })
    Object.defineProperty(Object.prototype, 'then', { get: no, configurable: true })
    const changed = snapshot.changed()
    const undone = snapshot.restore()
    expect(changed).toBe(true)
    expect(undone).toEqual({
      changed: ['Object.prototype.then', 'Array.prototype.push', 'Array.prototype.toJSON'],
      stuck: [],
    })
    expect(Array.prototype.push).toBe(push)
    expect('toJSON' in []).toBe(false)
    expect(snapshot.changed()).toBe(false)
  })

  it('restores through a `get` put on Object.prototype (which would turn every descriptor into an accessor)', () => {
    const snapshot = new BuiltinSnapshot()
    Array.prototype.push = no
    Object.defineProperty(Object.prototype, 'get', { value: no, configurable: true, writable: true })
    const undone = snapshot.restore()
    expect(undone.changed).toEqual(['Object.prototype.get', 'Array.prototype.push'])
    expect(Array.prototype.push).toBe(push)
  })

  it('sees an accessor made a data property, though a `get` on Object.prototype mimics it', () => {
    const size = Object.getOwnPropertyDescriptor(Map.prototype, 'size')!
    // Null prototypes: these descriptors must
    // not inherit the `get` put below.
    const data = (value: unknown) => ({ __proto__: null, value, configurable: true, writable: true })
    let changed: boolean
    let undone: ReturnType<BuiltinSnapshot['restore']>
    try {
      // There before the snapshot: only the
      // accessor's check can see the change.
      // Read through the prototype, a data
      // descriptor would pass for the original.
      Object.defineProperty(Object.prototype, 'get', data(size.get))
      const snapshot = new BuiltinSnapshot()
      Object.defineProperty(Map.prototype, 'size', data(0))
      changed = snapshot.changed()
      undone = snapshot.restore()
    } finally {
      // expect() itself needs them clean.
      delete (Object.prototype as { get?: unknown }).get
      Object.defineProperty(Map.prototype, 'size', size)
    }
    expect(changed).toBe(true)
    expect(undone.changed).toEqual(['Map.prototype.size'])
  })

  it('sees a global replaced whole', () => {
    const snapshot = new BuiltinSnapshot()
    const json = globalThis.JSON
    globalThis.JSON = { ...json }
    expect(snapshot.restore().changed).toEqual(['JSON'])
    expect(globalThis.JSON).toBe(json)
  })
})

describe('toJson', () => {
  const event = {
    seq: 1,
    t: 0.5,
    type: 'x',
    args: { a: [1, 'b', null, undefined, Number.NaN], b: undefined },
    ok: true,
  }

  it('is JSON.stringify for plain data', () => {
    expect(toJson(event)).toBe(JSON.stringify(event))
  })

  it('ignores a toJSON put on Object.prototype or Array.prototype, and a replaced JSON.stringify', () => {
    const clean = JSON.stringify(event)
    const stringify = JSON.stringify
    Object.assign(Array.prototype, { toJSON: no })
    Object.assign(Object.prototype, { toJSON: no })
    JSON.stringify = no
    let text: string
    try {
      text = toJson(event)
    } finally {
      JSON.stringify = stringify
    }
    expect(text).toBe(clean)
  })
})
