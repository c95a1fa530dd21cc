// A run worker's timers between runs. When a run is over, its executor's code
// can still resume: a request the run's end rejected lets an SDK retry, and
// stripe-node arms its retry delay with setTimeout — on the real timers, the
// run's clock being gone. A live timer got the worker replaced (~0.6 s of
// module loading) after about one stripe-node run in five.
//
// Such timers are held instead of armed, and drained once the run is over:
// each fires at once, in order of its delay, in the async context it was
// armed in (so what it arms is held too), until none is left. The leftover
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

export interface Leftovers {
  /** Fire held timers, one per turn of the event loop, until none is left (true) or `maxFirings` have fired (false). */
  drain(maxFirings: number): Promise<boolean>
}

interface Held {
  readonly fire: () => void
  readonly every: number | null
  due: number
  readonly seq: number
  cleared: boolean
}

type Arm = (callback: (...args: unknown[]) => void, ...rest: unknown[]) => object
type Clear = (handle: unknown) => void

/** From now on, a timer armed where `leftover()` is true is held for `drain()`, never armed. Never undone: the worker ends with it. */
export function holdLeftoverTimers(leftover: () => boolean): Leftovers {
  const held: Held[] = []
  const byHandle = new WeakMap<object, Held>()
  // Between drains, held timers are due relative to the firing that armed them.
  let now = 0
  let seq = 0
  const realImmediate = globalThis.setImmediate

  const kinds = [
    { arm: 'setTimeout', clear: 'clearTimeout', repeats: false, delayed: true },
    { arm: 'setInterval', clear: 'clearInterval', repeats: true, delayed: true },
    { arm: 'setImmediate', clear: 'clearImmediate', repeats: false, delayed: false },
  ] as const
  for (const kind of kinds) {
    const realArm = globalThis[kind.arm] as unknown as Arm
    const realClear = globalThis[kind.clear] as unknown as Clear
    const guardedArm = function (this: unknown, callback: unknown, ...rest: unknown[]) {
      // Not a function: Node's own arm throws Node's own error.
      if (!leftover() || typeof callback !== 'function') return (realArm as (...a: unknown[]) => unknown).call(this, callback, ...rest)
      const ms = kind.delayed ? Math.max(1, Number(rest[0]) || 1) : 0
      const args = kind.delayed ? rest.slice(1) : rest
      const bound = AsyncResource.bind(() => (callback as (...a: unknown[]) => void)(...args))
      const entry: Held = { fire: bound, every: kind.repeats ? ms : null, due: now + ms, seq: seq++, cleared: false }
      held.push(entry)
      // A genuine, already-cleared timer object: `.unref()`, `.refresh()` and `clear…()` work on it.
      const handle = realArm(() => {}, 0)
      realClear(handle)
      byHandle.set(handle, entry)
      return handle
    }
    const guardedClear = function (this: unknown, handle: unknown) {
      const entry = typeof handle === 'object' && handle !== null ? byHandle.get(handle) : undefined
      if (entry) entry.cleared = true
      return realClear.call(this, handle)
    }
    // Their names, and util.promisify's versions (`promisify(setTimeout)` must keep working): as Node's.
    for (const [guarded, real] of [[guardedArm, realArm], [guardedClear, realClear]] as const) {
      for (const key of Reflect.ownKeys(real)) if (key !== 'length' && key !== 'prototype') Object.defineProperty(guarded, key, Object.getOwnPropertyDescriptor(real, key)!)
    }
    for (const target of [globalThis, timers] as Record<string, unknown>[]) {
      target[kind.arm] = guardedArm
      target[kind.clear] = guardedClear
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
    async drain(maxFirings) {
      for (let fired = 0; ; fired++) {
        await turn() // what the last firing resumed runs, and holds what it arms
        const h = next()
        if (!h) return true
        if (fired >= maxFirings) {
          held.push(h)
          return false
        }
        now = h.due
        if (h.every !== null) {
          h.due += h.every
          held.push(h)
        }
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
    },
  }
}
