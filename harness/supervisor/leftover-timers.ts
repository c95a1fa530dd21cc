// A run worker's timers between runs. When a run is over, its executor's code
// can still resume: a request the run's end rejected lets an SDK retry, and
// stripe-node arms its retry delay with setTimeout — on the real timers, the
// run's clock being gone. A live timer got the worker replaced (~0.6 s of
// module loading) after about one stripe-node run in five.
//
// Such timers are held instead of armed, and drained once the run is over:
// each fires at once, in order of its delay, in the async context it was
// armed in (so what it arms is held too), until none is left and no real work
// it started (a key derivation on the thread pool) is in flight. The leftover
// then ends as its code meant it to — its retry meets the network of no run
// (a 500; other hosts refused), and a lock or a slot it holds in module state
// is released — so the next run starts with nothing of the last one pending,
// as in a fresh worker. Work that does not end within a bound of firings (a
// timer loop) gets its worker replaced, as before.
//
// For a worker's life (installed once, like the network guard); inside a run,
// the run's clock sits on top and handles the run's own timers (clock.ts).
import { AsyncResource } from 'node:async_hooks'
import { syncBuiltinESMExports } from 'node:module'
import timers from 'node:timers'
import { realNow } from '../sim/real-clock.ts'

export interface Leftovers {
  /**
   * Fire held timers, one per turn of the event loop, until none is left and
   * nothing is `busy` (true: real work a leftover started is waited for, as it
   * may arm more), or until `maxFirings` have fired (false).
   */
  drain(maxFirings: number, busy?: () => boolean): Promise<boolean>
}

interface Held {
  readonly kind: 'timeout' | 'immediate'
  readonly fire: () => void
  readonly ms: number
  readonly repeats: boolean
  due: number
  seq: number
  cleared: boolean
  /** Its number, once someone asked for it (clearTimeout takes it too). */
  id?: number
}

type Arm = (callback: (...args: unknown[]) => void, ...rest: unknown[]) => object
type Clear = (handle: unknown) => void

/** Real milliseconds a drain waits for real work a leftover started, when no held timer is left. */
const BUSY_WAIT_MS = 200
/** Node's longest delay; past it (and below 1 ms, or not a number) a timer fires after 1 ms. */
const TIMEOUT_MAX = 2 ** 31 - 1

/** From now on, a timer armed where `leftover()` is true is held for `drain()`, never armed. Never undone: the worker ends with it. */
export function holdLeftoverTimers(leftover: () => boolean): Leftovers {
  const held: Held[] = []
  const byHandle = new WeakMap<object, Held>()
  const byId = new Map<unknown, Held>()
  // A timer held during a drain is due relative to the firing that armed it; one held outside, to the drain's start.
  let draining = false
  let now = 0
  let seq = 0
  const realImmediate = globalThis.setImmediate
  const realTimeout = globalThis.setTimeout
  const forget = (h: Held) => {
    h.cleared = true
    if (h.id !== undefined) byId.delete(h.id)
  }
  const hold = (h: Held) => {
    h.due = (draining ? now : 0) + h.ms
    h.seq = seq++
    if (h.id !== undefined) byId.set(h.id, h)
    if (!held.includes(h)) held.push(h)
  }

  const kinds = [
    { arm: 'setTimeout', clear: 'clearTimeout', kind: 'timeout', repeats: false },
    { arm: 'setInterval', clear: 'clearInterval', kind: 'timeout', repeats: true },
    { arm: 'setImmediate', clear: 'clearImmediate', kind: 'immediate', repeats: false },
  ] as const
  for (const k of kinds) {
    const realArm = globalThis[k.arm] as unknown as Arm
    const realClear = globalThis[k.clear] as unknown as Clear
    const guardedArm = function (this: unknown, callback: unknown, ...rest: unknown[]) {
      // Not a function: Node's own arm throws Node's own error.
      if (!leftover() || typeof callback !== 'function') return (realArm as (...a: unknown[]) => unknown).call(this, callback, ...rest)
      const delay = k.kind === 'timeout' ? Number(rest[0]) : 0
      const args = k.kind === 'timeout' ? rest.slice(1) : rest
      // A genuine, already-cleared timer object: `.unref()`, `.hasRef()` and the like work on it.
      const handle = realArm(() => {}, 0) as Record<PropertyKey, unknown>
      realClear(handle)
      const entry: Held = {
        kind: k.kind,
        fire: AsyncResource.bind(() => (callback as (...a: unknown[]) => void).apply(handle, args)),
        ms: k.kind === 'immediate' ? 0 : delay >= 1 && delay <= TIMEOUT_MAX ? Math.trunc(delay) : 1,
        repeats: k.repeats,
        due: 0,
        seq: 0,
        cleared: false,
      }
      hold(entry)
      byHandle.set(handle, entry)
      if (k.kind === 'timeout') {
        // What Node's Timeout does through its own clearTimeout (close, dispose) or id (a number), on the held one.
        const proto = Object.getPrototypeOf(handle) as Record<PropertyKey, (...a: unknown[]) => unknown>
        handle.refresh = function () {
          if (!entry.cleared) hold(entry)
          return this
        }
        for (const key of ['close', Symbol.dispose]) {
          if (key === undefined || typeof proto[key] !== 'function') continue
          handle[key] = function (this: unknown) {
            forget(entry)
            return proto[key]!.call(this)
          }
        }
        // Its id, without Node's own toPrimitive: that files a cleared Timeout in a table for good.
        const idKey = Object.getOwnPropertySymbols(handle).find((key) => key.description === 'asyncId')
        if (idKey !== undefined) {
          handle[Symbol.toPrimitive] = function () {
            const id = handle[idKey] as number
            entry.id = id
            if (!entry.cleared && held.includes(entry)) byId.set(id, entry) // one that fired or was cleared is not kept for it
            return id
          }
        }
      }
      return handle
    }
    const guardedClear = function (this: unknown, handle: unknown) {
      const entry = typeof handle === 'object' && handle !== null ? byHandle.get(handle) : byId.get(typeof handle === 'string' ? Number(handle) : handle)
      // clearTimeout and clearInterval clear either kind of Timeout; clearImmediate only an Immediate.
      if (entry && (entry.kind === 'immediate') === (k.kind === 'immediate')) forget(entry)
      return realClear.call(this, handle)
    }
    // Their names, and util.promisify's versions (`promisify(setTimeout)` must keep working): as Node's.
    for (const [guarded, real] of [[guardedArm, realArm], [guardedClear, realClear]] as const) {
      for (const key of Reflect.ownKeys(real)) if (key !== 'length' && key !== 'prototype') Object.defineProperty(guarded, key, Object.getOwnPropertyDescriptor(real, key)!)
    }
    for (const target of [globalThis, timers] as Record<string, unknown>[]) {
      target[k.arm] = guardedArm
      target[k.clear] = guardedClear
    }
  }
  syncBuiltinESMExports()

  /** The next held timer to fire: the earliest due, first armed first. */
  function next(): Held | undefined {
    let best = -1
    for (let i = 0; i < held.length; i++) {
      const h = held[i]!
      if (h.cleared) continue
      if (best < 0 || h.due < held[best]!.due || (h.due === held[best]!.due && h.seq < held[best]!.seq)) best = i
    }
    if (best < 0) {
      held.length = 0
      return undefined
    }
    const [h] = held.splice(best, 1)
    return h
  }

  const turn = () => new Promise<void>((r) => realImmediate(r))

  return {
    async drain(maxFirings, busy = () => false) {
      draining = true
      now = 0
      try {
        for (let fired = 0; ; fired++) {
          await turn() // what the last firing resumed runs, and holds what it arms
          let h = next()
          // Real work may be abandoned and never end (a zlib stream nobody reads): waited for a while only.
          for (const until = realNow() + BUSY_WAIT_MS; !h && busy() && realNow() < until; h = next()) {
            await new Promise((r) => realTimeout(r, 1)) // the thread pool's callbacks come in the loop's poll phase
          }
          if (!h) return true
          if (fired >= maxFirings) {
            held.push(h)
            return false
          }
          now = h.due
          if (h.repeats) hold(h)
          else if (h.id !== undefined) byId.delete(h.id)
          // In an immediate of its own, so that a throw is uncaught there, as from a real timer.
          await new Promise<void>((r) => {
            realImmediate(() => {
              try {
                h.fire()
              } finally {
                r()
              }
            })
          })
        }
      } finally {
        draining = false
      }
    },
  }
}
