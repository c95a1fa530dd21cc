// A thread's ESM view of the builtins a run
// patches, made once a forwarder to each
// CommonJS export: a patch and its undo are
// seen by ESM imports with no sweep of every
// builtin (syncBuiltinESMExports) per run.
import * as childProcess from 'node:child_process'
import * as cluster from 'node:cluster'
import * as nodeConsole from 'node:console'
import * as crypto from 'node:crypto'
import * as dns from 'node:dns'
import * as dnsPromises from 'node:dns/promises'
import * as fs from 'node:fs'
import * as fsPromises from 'node:fs/promises'
import * as http from 'node:http'
import * as https from 'node:https'
import { syncBuiltinESMExports } from 'node:module'
import * as nodeProcess from 'node:process'
import * as timers from 'node:timers'
import * as timersPromises from 'node:timers/promises'
import * as workerThreads from 'node:worker_threads'

type Exports = Record<PropertyKey, unknown>
type Fn = (...args: unknown[]) => unknown

/**
 * The modules whose exports a run patches (the
 * clock, guards, sandbox, msw's interceptors);
 * a test holds every patched export to this.
 */
export const FORWARDED_MODULES: readonly (readonly [string, object])[] = [
  ['timers', timers],
  ['timers/promises', timersPromises],
  ['process', nodeProcess],
  ['crypto', crypto],
  ['console', nodeConsole],
  ['dns', dns],
  ['dns/promises', dnsPromises],
  ['child_process', childProcess],
  ['cluster', cluster],
  ['worker_threads', workerThreads],
  ['fs', fs],
  ['fs/promises', fsPromises],
  ['http', http],
  ['https', https],
]

interface Forwarded {
  readonly namespace: Exports
  readonly target: Exports
  readonly key: string
  readonly forwarder: Fn
}

export class ExportForwarders {
  readonly #forwarded: Forwarded[] = []
  /** One ESM binding, to see a sweep undo them all. */
  readonly #sentinel: Forwarded
  #sweeps = 0

  constructor() {
    for (const [, namespace] of FORWARDED_MODULES) {
      const target = (namespace as { default: Exports }).default
      for (const key of Object.keys(namespace)) {
        const d = key === 'default' ? undefined : Object.getOwnPropertyDescriptor(target, key)
        // Functions held as data: what runs patch.
        if (d && typeof d.value === 'function' && d.configurable)
          this.#forwarded.push({
            namespace: namespace as Exports,
            target,
            key,
            forwarder: forwarderTo(target, key, d.value as Fn),
          })
      }
    }
    this.#sentinel = this.#forwarded[0]!
    this.#publish()
  }

  /** Sweeps made (the first, and any after another's). */
  get sweeps(): number {
    return this.#sweeps
  }

  /**
   * ESM sees the CommonJS exports now; after
   * someone's sweep, the forwarders go back.
   */
  sync(): void {
    const { namespace, key, forwarder } = this.#sentinel
    if (namespace[key] !== forwarder) this.#publish()
  }

  #publish(): void {
    const held: [Forwarded, PropertyDescriptor][] = []
    try {
      for (const f of this.#forwarded) {
        const d = Object.getOwnPropertyDescriptor(f.target, f.key)
        if (!d?.configurable || !('value' in d)) continue // swept as it is
        held.push([f, d])
        Object.defineProperty(f.target, f.key, { ...d, value: f.forwarder })
      }
      syncBuiltinESMExports()
      this.#sweeps++
    } finally {
      for (const [f, d] of held) Object.defineProperty(f.target, f.key, d)
    }
  }
}

/**
 * Calls, `new`, reads, descriptors and changes
 * go to `target[key]` as it is at the time;
 * other reflection sees the export as first.
 */
function forwarderTo(target: Exports, key: string, first: Fn): Fn {
  const forwarder: Fn = new Proxy(first, {
    apply: (_, self, args) => Reflect.apply(target[key] as Fn, self, args),
    construct(_, args, newTarget) {
      const live = target[key] as new (...a: unknown[]) => object
      return Reflect.construct(live, args, newTarget === forwarder ? live : newTarget)
    },
    get(_, property) {
      const live = target[key] as Fn
      // A class's prototype may not differ.
      const fixed = Reflect.getOwnPropertyDescriptor(first, property)
      if (fixed && !fixed.configurable && !fixed.writable && 'value' in fixed) return fixed.value
      return Reflect.get(live, property)
    },
    // As `get`: the first's own descriptors held
    // `prototype.constructor`, the original.
    getOwnPropertyDescriptor(_, property) {
      const live = target[key] as Fn
      const fixed = Reflect.getOwnPropertyDescriptor(first, property)
      if (fixed && !fixed.configurable) {
        // Invariants: such a key stays; its value
        // may differ only if writable.
        if (!('value' in fixed) || !fixed.writable) return fixed
        return { ...fixed, value: Reflect.get(live, property) }
      }
      const d = Reflect.getOwnPropertyDescriptor(live, property)
      return d && { ...d, configurable: true }
    },
    // Changes go to the live export; none to
    // the first (a fixed prototype would leak
    // it), none that pins the Proxy's target.
    defineProperty(_, property, d) {
      if (d.configurable === false || fixedOn(first, property)) return false
      return Reflect.defineProperty(target[key] as Fn, property, d)
    },
    deleteProperty(_, property) {
      if (fixedOn(first, property)) return false
      return Reflect.deleteProperty(target[key] as Fn, property)
    },
    preventExtensions: () => false,
    setPrototypeOf: () => false,
  })
  return forwarder
}

/** A non-configurable own property. */
function fixedOn(o: object, property: PropertyKey): boolean {
  return Reflect.getOwnPropertyDescriptor(o, property)?.configurable === false
}
