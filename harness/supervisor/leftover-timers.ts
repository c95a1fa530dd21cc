// Timers a finished run's code arms (an SDK
// retry) are held, then drained, so the next
// run starts clean. Before, 1 stripe-node run
// in 5 cost a new worker (~0.6 s). Why and how:
// docs/internals/simulation-and-supervision.md
import { AsyncResource } from 'node:async_hooks'
import timers from 'node:timers'
import { realNow } from '../sim/real-clock.ts'
import { syncBuiltinExports } from '../sim/esm-sync.ts'

export interface Leftovers {
  /**
   * Fire held timers, one per loop turn, until
   * none is left and nothing `busy` (true), or
   * `maxFirings` have fired (false).
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
  /** Its number, once asked for. */
  id?: number
}

type Arm = (callback: (...args: unknown[]) => void, ...rest: unknown[]) => object
type Clear = (handle: unknown) => void

/**
 * Real ms a drain waits for real work: a 0.1 s
 * key derivation took over 0.2 s with two test
 * files on two cores.
 */
const BUSY_WAIT_MS = 1_000
/** Node's longest delay; past it, 1 ms. */
const TIMEOUT_MAX = 2 ** 31 - 1

/**
 * Timers armed where `leftover()` holds wait
 * for `drain()`. Never undone.
 */
export function holdLeftoverTimers(leftover: () => boolean): Leftovers {
  const held: Held[] = []
  const byHandle = new WeakMap<object, Held>()
  const byId = new Map<unknown, Held>()
  // Due from the firing that armed it, or
  // from the drain's start.
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
      // Not a function: Node's own error.
      if (!leftover() || typeof callback !== 'function')
        return (realArm as (...a: unknown[]) => unknown).call(this, callback, ...rest)
      const delay = k.kind === 'timeout' ? Number(rest[0]) : 0
      const args = k.kind === 'timeout' ? rest.slice(1) : rest
      // A real, cleared timer: `.unref()` works.
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
        // close, dispose and the id act on the held entry.
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
        // Node's toPrimitive would leak a cleared one.
        const idKey = Object.getOwnPropertySymbols(handle).find((key) => key.description === 'asyncId')
        if (idKey !== undefined) {
          handle[Symbol.toPrimitive] = () => {
            const id = handle[idKey] as number
            entry.id = id
            if (!entry.cleared && held.includes(entry)) byId.set(id, entry) // only while held
            return id
          }
        }
      }
      return handle
    }
    const guardedClear = function (this: unknown, handle: unknown) {
      const entry =
        typeof handle === 'object' && handle !== null
          ? byHandle.get(handle)
          : byId.get(typeof handle === 'string' ? Number(handle) : handle)
      // clearTimeout and clearInterval clear any
      // Timeout; clearImmediate, an Immediate.
      if (entry && (entry.kind === 'immediate') === (k.kind === 'immediate')) forget(entry)
      return realClear.call(this, handle)
    }
    // Node's names and promisify versions.
    for (const [guarded, real] of [
      [guardedArm, realArm],
      [guardedClear, realClear],
    ] as const) {
      for (const key of Reflect.ownKeys(real))
        if (key !== 'length' && key !== 'prototype')
          Object.defineProperty(guarded, key, Object.getOwnPropertyDescriptor(real, key)!)
    }
    for (const target of [globalThis, timers] as Record<string, unknown>[]) {
      target[k.arm] = guardedArm
      target[k.clear] = guardedClear
    }
  }
  syncBuiltinExports()

  /** Earliest due, first armed first. */
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
          await turn() // the last firing's code runs
          let h = next()
          // Real work may never end: wait a while.
          for (const until = realNow() + BUSY_WAIT_MS; !h && busy() && realNow() < until; h = next()) {
            await new Promise((r) => realTimeout(r, 1)) // pool callbacks: poll phase
          }
          if (!h) return true
          if (fired >= maxFirings) {
            held.push(h)
            return false
          }
          now = h.due
          if (h.repeats) hold(h)
          else if (h.id !== undefined) byId.delete(h.id)
          // In its own immediate: throws go uncaught.
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
