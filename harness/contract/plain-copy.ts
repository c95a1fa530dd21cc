// structuredClone's copy of plain data without
// its serializer's fixed cost (a few µs a call,
// twice or more a run): the same result, or
// structuredClone itself for anything else.
import { types } from 'node:util'

/** Not plain data: structuredClone decides. */
const NOT_PLAIN: unique symbol = Symbol('not plain')
type Copied = unknown | typeof NOT_PLAIN

/**
 * `value` deep-copied as structuredClone
 * copies it (same keys, order, values, and
 * errors: those cases are its own).
 */
export function plainCopy<T>(value: T): T {
  const out = copy(value, [])
  return out === NOT_PLAIN ? structuredClone(value) : (out as T)
}

/**
 * Primitives, plain objects and dense plain
 * arrays, each object met once: a shared or
 * cyclic one (structuredClone keeps it one)
 * is not plain here.
 */
function copy(value: unknown, seen: object[]): Copied {
  if (typeof value !== 'object' || value === null)
    return typeof value === 'symbol' || typeof value === 'function' ? NOT_PLAIN : value
  if (seen.includes(value) || types.isProxy(value)) return NOT_PLAIN
  seen.push(value)
  const proto = Object.getPrototypeOf(value)
  if (proto === Array.prototype) {
    const from = value as unknown[]
    // Holes or extra keys: its own.
    if (Object.keys(from).length !== from.length) return NOT_PLAIN
    const to: unknown[] = []
    for (let i = 0; i < from.length; i++) {
      if (!Object.hasOwn(from, i)) return NOT_PLAIN
      const v = copy(from[i], seen)
      if (v === NOT_PLAIN) return NOT_PLAIN
      to.push(v)
    }
    return to
  }
  if (proto !== Object.prototype) return NOT_PLAIN
  const from = value as Record<string, unknown>
  const to: Record<string, unknown> = {}
  for (const key of Object.keys(from)) {
    // Assigned, it would set the prototype.
    if (key === '__proto__') return NOT_PLAIN
    const v = copy(from[key], seen)
    if (v === NOT_PLAIN) return NOT_PLAIN
    to[key] = v
  }
  return to
}
