// The builtins the harness leans on, saved as
// this module loaded, and a check that a run left
// them as it found them: an executor polluting a
// prototype is `tampered`, never a crash of the
// harness in its thread.

const apply = Reflect.apply
const ownKeys = Reflect.ownKeys
const describeAll = Object.getOwnPropertyDescriptors
const describeOne = Reflect.getOwnPropertyDescriptor
const setPrototypeOf = Reflect.setPrototypeOf
const define = Reflect.defineProperty
const remove = Reflect.deleteProperty
const isExtensible = Reflect.isExtensible
const hasOwn = Object.hasOwn
const keysOf = Object.keys
const isArray = Array.isArray
const nativeStringify = JSON.stringify
const finite = Number.isFinite
const arrayPush = Array.prototype.push
const arrayJoin = Array.prototype.join
const ObjectPrototype = Object.prototype
const ArrayPrototype = Array.prototype
const text = String

// Builtins the harness's own code runs on.
const arrayIterator = Object.getPrototypeOf([][Symbol.iterator]())
const GUARDED: readonly (readonly [string, object])[] = [
  ['Object.prototype', Object.prototype],
  ['Array.prototype', Array.prototype],
  ['Function.prototype', Function.prototype],
  ['String.prototype', String.prototype],
  ['Number.prototype', Number.prototype],
  ['Boolean.prototype', Boolean.prototype],
  ['Symbol.prototype', Symbol.prototype],
  ['Promise.prototype', Promise.prototype],
  ['Error.prototype', Error.prototype],
  ['Map.prototype', Map.prototype],
  ['Set.prototype', Set.prototype],
  ['RegExp.prototype', RegExp.prototype],
  ['the array iterator', arrayIterator],
  ['the iterator prototype', Object.getPrototypeOf(arrayIterator)],
  ['Object', Object],
  ['Array', Array],
  ['JSON', JSON],
  ['Reflect', Reflect],
  ['Promise', Promise],
  ['Map', Map],
  ['Set', Set],
]

/** Globals replaced whole (globalThis.JSON = …). */
const GLOBAL_NAMES = ['Object', 'Array', 'JSON', 'Reflect', 'Promise', 'Function', 'String', 'Map', 'Set', 'Error']

type Descriptors = Record<PropertyKey, PropertyDescriptor>

interface Held {
  readonly name: string
  readonly target: object
  readonly keys: readonly PropertyKey[]
  readonly descriptors: Descriptors
  /** keys[i]'s descriptor (undefined: absent), for the quick look. */
  readonly slots: readonly (PropertyDescriptor | undefined)[]
  readonly extensible: boolean
}

/** What a check found, and what it could not undo. */
export interface Undone {
  /** Each change, e.g. `Array.prototype.toJSON`. */
  readonly changed: readonly string[]
  /** Changes that stay (a frozen prototype). */
  readonly stuck: readonly string[]
}

/** Builtins as they are now, to check a run against. */
export class BuiltinSnapshot {
  readonly #held: Held[] = []

  constructor() {
    // Index loops: an iterator may be what changed.
    for (let i = 0; i < GUARDED.length; i++) apply(arrayPush, this.#held, [hold(GUARDED[i]![0], GUARDED[i]![1])])
    apply(arrayPush, this.#held, [hold('globalThis', globalThis, GLOBAL_NAMES)])
  }

  /** Has anything changed? Reads, never restores. */
  changed(): boolean {
    for (let i = 0; i < this.#held.length; i++) if (differs(this.#held[i]!)) return true
    return false
  }

  /** Put back what changed, and say what. */
  restore(): Undone {
    const changed: string[] = []
    const stuck: string[] = []
    for (let i = 0; i < this.#held.length; i++) {
      const h = this.#held[i]!
      if (!differs(h)) continue
      // Frozen or sealed: said once, not per key.
      const closed = h.extensible && !isExtensible(h.target)
      if (closed) {
        apply(arrayPush, changed, [`${h.name} (frozen, sealed or made non-extensible)`])
        apply(arrayPush, stuck, [`${h.name} (frozen, sealed or made non-extensible)`])
      }
      const keys = changedKeys(h)
      for (let k = 0; k < keys.length; k++) {
        const key = keys[k]!
        const what = h.name === 'globalThis' ? text(key) : `${h.name}${keyText(key)}`
        const original = ownOf(h.descriptors, key)
        const ok = original === undefined ? remove(h.target, key) : define(h.target, key, original)
        if (closed && ok === false && sameValue(original, describeOne(h.target, key))) continue
        apply(arrayPush, changed, [what])
        if (!ok) apply(arrayPush, stuck, [what])
      }
    }
    return { changed, stuck }
  }
}

function hold(name: string, target: object, only?: readonly string[]): Held {
  // Only the named globals: the run patches others.
  const keys = only ?? ownKeys(target)
  const descriptors = describe(target, only)
  const slots: (PropertyDescriptor | undefined)[] = []
  for (let i = 0; i < keys.length; i++) apply(arrayPush, slots, [ownOf(descriptors, keys[i]!)])
  return { name, target, keys, descriptors, slots, extensible: only ? false : isExtensible(target) }
}

/** Own descriptors: all, or only `keys`. */
function describe(target: object, keys?: readonly string[]): Descriptors {
  const out = bare(keys ? {} : describeAll(target)) as Descriptors
  const names = keys ?? ownKeys(out)
  for (let i = 0; i < names.length; i++) {
    const d = keys ? describeOne(target, names[i]!) : out[names[i]!]
    if (d) out[names[i]!] = bare(d)
  }
  return out
}

/**
 * No prototype: a `get` or `then` put on
 * Object.prototype is not read through it.
 */
function bare<T extends object>(o: T): T {
  setPrototypeOf(o, null)
  return o
}

/**
 * A quick look (a run's cost): the same number of
 * keys, each with the same value or accessors.
 * A data property made a getter is read through
 * it: a throw, or another value, is a change.
 */
function differs(h: Held): boolean {
  const target = h.target as Record<PropertyKey, unknown>
  if (h.extensible && !isExtensible(target)) return true
  if (h.name !== 'globalThis' && ownKeys(target).length !== h.keys.length) return true
  for (let i = 0; i < h.keys.length; i++) {
    const key = h.keys[i]!
    const was = h.slots[i]
    if (was === undefined) {
      if (hasOwn(target, key)) return true
    } else if (was.get !== undefined || was.set !== undefined) {
      // Own fields only: Object.prototype.get
      // is not read through a data descriptor.
      const is = describeOne(target, key)
      if (is === undefined || !hasOwn(is, 'get') || is.get !== was.get || is.set !== was.set) return true
    } else {
      try {
        if (target[key] !== was.value || !hasOwn(target, key)) return true
      } catch {
        return true
      }
    }
  }
  return false
}

/** Keys added, removed or redefined since `h`. */
function changedKeys(h: Held): PropertyKey[] {
  const out: PropertyKey[] = []
  const isGlobal = h.name === 'globalThis'
  const now = describe(h.target, isGlobal ? (h.keys as string[]) : undefined)
  for (let i = 0; i < h.keys.length; i++) {
    const key = h.keys[i]!
    const was = ownOf(h.descriptors, key)
    const is = hasOwn(now, key) ? now[key] : undefined
    if (!same(was, is)) apply(arrayPush, out, [key])
  }
  if (!isGlobal) {
    const keys = ownKeys(now)
    if (keys.length !== h.keys.length || out.length > 0)
      for (let i = 0; i < keys.length; i++) if (!hasOwn(h.descriptors, keys[i]!)) apply(arrayPush, out, [keys[i]])
  }
  return out
}

/** Same value or accessors (attributes aside). */
function sameValue(a: PropertyDescriptor | undefined, b: PropertyDescriptor | undefined): boolean {
  if (a === undefined || b === undefined) return a === b
  const is = bare(b)
  return a.value === is.value && a.get === is.get && a.set === is.set
}

/** `d[key]` if its own: `then` on Object.prototype is not. */
function ownOf(d: Descriptors, key: PropertyKey): PropertyDescriptor | undefined {
  return hasOwn(d, key) ? d[key] : undefined
}

function same(a: PropertyDescriptor | undefined, b: PropertyDescriptor | undefined): boolean {
  if (a === undefined || b === undefined) return a === b
  return (
    a.value === b.value &&
    a.get === b.get &&
    a.set === b.set &&
    a.writable === b.writable &&
    a.enumerable === b.enumerable &&
    a.configurable === b.configurable
  )
}

function keyText(key: PropertyKey): string {
  return typeof key === 'symbol' ? `[${text(key)}]` : `.${text(key)}`
}

/**
 * JSON of harness data (plain objects, arrays,
 * primitives), as JSON.stringify gives it, even
 * with a `toJSON` put on a builtin prototype.
 */
export function toJson(value: unknown): string {
  if (!hasOwn(ObjectPrototype, 'toJSON') && !hasOwn(ArrayPrototype, 'toJSON')) return nativeStringify(value) as string
  return serialise(value) ?? 'null'
}

/** JSON without toJSON: undefined for what JSON omits. */
function serialise(value: unknown): string | undefined {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return nativeStringify(value)
    case 'number':
      return finite(value) ? nativeStringify(value) : 'null'
    case 'object': {
      if (value === null) return 'null'
      const parts: string[] = []
      if (isArray(value)) {
        for (let i = 0; i < value.length; i++) apply(arrayPush, parts, [serialise(value[i]) ?? 'null'])
        return `[${apply(arrayJoin, parts, [','])}]`
      }
      const keys = keysOf(value)
      for (let i = 0; i < keys.length; i++) {
        const json = serialise((value as Record<string, unknown>)[keys[i]!])
        if (json !== undefined) apply(arrayPush, parts, [`${nativeStringify(keys[i])}:${json}`])
      }
      return `{${apply(arrayJoin, parts, [','])}}`
    }
    default:
      return undefined // functions, symbols, undefined
  }
}

let baseline: BuiltinSnapshot | null = null
let stuck: string | null = null

/**
 * The builtins as runs should find them: taken at
 * the first run (after the executor loaded, so a
 * polyfill at load is its baseline), kept after.
 */
export function builtinsBaseline(): BuiltinSnapshot {
  baseline ??= new BuiltinSnapshot()
  return baseline
}

/** Take the baseline again (a new executor loaded). */
export function retakeBuiltins(): void {
  baseline = null
}

/** Put back what a run changed, and remember what stays. */
export function restoreBuiltins(): Undone {
  const undone = builtinsBaseline().restore()
  if (undone.stuck.length > 0) stuck ??= `a run left ${undone.stuck[0]} changed for good`
  return undone
}

/** Why this thread's builtins stay polluted, or null. */
export function builtinsLeftPolluted(): string | null {
  return stuck
}
