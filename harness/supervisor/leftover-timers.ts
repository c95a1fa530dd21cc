// A run worker's timers between runs. When a run is over, its executor's code
// can still resume: a request the run's end rejected lets an SDK retry, and
// stripe-node arms its retry delay with setTimeout — on the real timers, the
// run's clock being gone. Such a timer would run the dead run's code during a
// later run, and it kept the worker busy, so the worker was replaced after
// about one stripe-node run in eight (~0.6 s each, most of such a campaign's
// time). Work that belongs to no open run arms nothing instead: a leftover of
// a finished run never runs again, as in a crashed process. For the worker's
// life (installed once, like the network guard); inside a run, the run's clock
// sits on top and handles its own leftovers (see clock.ts).
import timers from 'node:timers'
import { syncBuiltinESMExports } from 'node:module'

type Arm = (callback: (...args: unknown[]) => void, ...rest: unknown[]) => unknown

/** A genuine timer object that will never fire: what a leftover gets, so that `.unref()` and `clearTimeout()` work on it. */
function inert(real: { arm: Arm; clear: (t: unknown) => void }): unknown {
  const t = real.arm(() => {}, 0)
  real.clear(t)
  return t
}

/** From now on, `leftover()` decides whether the caller's timer is armed. Never undone: the worker ends with it. */
export function refuseLeftoverTimers(leftover: () => boolean): void {
  const kinds = [
    { name: 'setTimeout', arm: globalThis.setTimeout as unknown as Arm, clear: globalThis.clearTimeout as (t: unknown) => void },
    { name: 'setInterval', arm: globalThis.setInterval as unknown as Arm, clear: globalThis.clearInterval as (t: unknown) => void },
    { name: 'setImmediate', arm: globalThis.setImmediate as unknown as Arm, clear: globalThis.clearImmediate as (t: unknown) => void },
  ] as const
  for (const kind of kinds) {
    const guarded = function (this: unknown, ...args: unknown[]) {
      if (leftover()) return inert(kind)
      return (kind.arm as (...a: unknown[]) => unknown).apply(this, args)
    }
    // Its name, and util.promisify's own version (`promisify(setTimeout)` must keep working): as Node's.
    for (const key of Reflect.ownKeys(kind.arm)) if (key !== 'length' && key !== 'prototype') Object.defineProperty(guarded, key, Object.getOwnPropertyDescriptor(kind.arm, key)!)
    ;(globalThis as Record<string, unknown>)[kind.name] = guarded
    ;(timers as unknown as Record<string, unknown>)[kind.name] = guarded
  }
  syncBuiltinESMExports()
}
