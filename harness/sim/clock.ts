// The run's one virtual clock. Time moves
// only when drive.ts finds the run idle.
//
// Longer than most because timer bookkeeping
// is one state machine.
import FakeTimers from '@sinonjs/fake-timers'
import { AsyncResource } from 'node:async_hooks'
import { syncBuiltinExports } from './esm-sync.ts'
import timers from 'node:timers'
import timersPromises from 'node:timers/promises'
import { patchProperty, undoAll, type Patch } from './patch.ts'
import { stackless } from '../contract/stackless.ts'

/**
 * Faked: timers, Date, monotonic clocks (they
 * must agree). Immediates, nextTick, I/O: real.
 */
export const FAKED_APIS = [
  'setTimeout',
  'clearTimeout',
  'setInterval',
  'clearInterval',
  'Date',
  'performance',
  'hrtime',
] as const

/**
 * What fake-timers installs; the timers go
 * on its clock's own methods (its globals
 * for them cost ~17 µs a run).
 */
const INSTALLED = ['Date', 'performance', 'hrtime'] as const satisfies readonly (typeof FAKED_APIS)[number][]

/** Where virtual time starts, every run. */
export const EPOCH_MS = Date.UTC(2026, 0, 1, 9, 0, 0)

/** The executor process that armed a timer. */
export interface TimerOwner {
  readonly generation: number
  readonly call: string | null
}

/** Which owners' processes have died. */
export type Dead = (owner: TimerOwner) => boolean

/** Who arms a timer; may it still run. */
export interface TimerHooks {
  /** The process arming a timer; null: harness. */
  owner(): TimerOwner | null
  /** False once its process or run has ended. */
  alive(owner: TimerOwner): boolean
  /** Its callback threw (harness throws propagate). */
  threw(error: unknown, owner: TimerOwner): void
}

const NO_HOOKS: TimerHooks = {
  owner: () => null,
  alive: () => true,
  threw: (e) => {
    throw e
  },
}

export interface VirtualClock {
  /** Virtual epoch ms, as `Date.now()` reads. */
  now(): number
  /** Milliseconds since the run started. */
  elapsed(): number
  /** Number of pending virtual timers. */
  pendingTimers(): number
  /** Fire the next timer; false if none. */
  fireNext(): boolean
  /** Advance `ms`, firing the timers due. */
  advance(ms: number): void
  /** Resolves after `ms` of virtual time. */
  sleep(ms: number): Promise<void>
  /** A harness timer; cancelled, never settles. */
  timer(ms: number): { readonly elapsed: Promise<void>; cancel(): void }
  /** Clear the timers of dead processes. */
  cancelTimersOf(dead: Dead): void
  /** Fakes someone replaced during the run. */
  tampered(): string[]
  /** Undo every patch; checked. */
  uninstall(): void
}

type Callback = (...a: unknown[]) => void
type FakeTimer = ReturnType<typeof globalThis.setTimeout>

// Built once: withGlobal() is costly.
let fakeTimers: ReturnType<typeof FakeTimers.withGlobal> | null = null

export function installClock(hooks: TimerHooks = NO_HOOKS, startMs = EPOCH_MS): VirtualClock {
  fakeTimers ??= FakeTimers.withGlobal(globalThis)
  const clock = fakeTimers.install({
    now: startMs,
    toFake: [...INSTALLED],
    shouldClearNativeTimers: true,
    loopLimit: 100_000,
  })
  const fakeSetTimeout = clock.setTimeout as typeof setTimeout
  const fakeSetInterval = clock.setInterval as typeof setInterval
  const fakeClearTimeout = clock.clearTimeout as typeof clearTimeout
  const fakeClearInterval = clock.clearInterval as typeof clearInterval
  // The clears are the clock's own, assigned
  // directly; a native timer is cleared by the
  // one replaced (shouldClearNativeTimers).
  const replaced = { clearTimeout: globalThis.clearTimeout, clearInterval: globalThis.clearInterval }
  Object.assign(clock, { _clearTimeout: replaced.clearTimeout, _clearInterval: replaced.clearInterval })
  /** fake-timers' uninstall, the clears first. */
  const uninstallClock = () => {
    try {
      globalThis.clearTimeout = replaced.clearTimeout
    } finally {
      try {
        globalThis.clearInterval = replaced.clearInterval
      } finally {
        clock.uninstall()
      }
    }
  }
  // Undone at uninstall; checked for tampering.
  const fakes = { clearTimeout: fakeClearTimeout, clearInterval: fakeClearInterval, Date: globalThis.Date } as const
  const fakePerformanceNow = performance.now
  const fakeHrtime = process.hrtime
  /** Process-owned timers and their clear(). */
  const owned = new Map<FakeTimer, { owner: TimerOwner; clear: () => void }>()

  /**
   * `fn` in its async context (fake timers fire
   * from the driver's stack), only while its
   * owner lives; its throws are reported.
   */
  const bound = (fn: Callback, owner: TimerOwner | null, done?: () => void): Callback => {
    if (typeof fn !== 'function') return fn
    const resource = new AsyncResource('faultline.timer')
    return (...args: unknown[]) => {
      done?.()
      if (owner === null) return resource.runInAsyncScope(fn, undefined, ...args)
      if (!hooks.alive(owner)) return
      try {
        resource.runInAsyncScope(fn, undefined, ...args)
      } catch (e) {
        hooks.threw(e, owner)
      }
    }
  }

  const arm = (fake: typeof fakeSetTimeout, clear: typeof fakeClearTimeout, repeat: boolean) =>
    ((fn: Callback, ms?: number, ...args: unknown[]) => {
      const owner = hooks.owner()
      if (owner !== null && !hooks.alive(owner)) {
        // A dead process arms nothing: a cleared timer.
        const t = fake(() => {}, ms)
        clear(t)
        return t
      }
      let id: FakeTimer | undefined
      id = fake(
        bound(fn, owner, repeat || owner === null ? undefined : () => owned.delete(id!)),
        ms,
        ...args,
      ) as FakeTimer
      if (owner !== null) owned.set(id, { owner, clear: () => clear(id) })
      return id
    }) as typeof setTimeout

  const patches: Patch[] = []
  try {
    globalThis.clearTimeout = fakeClearTimeout
    globalThis.clearInterval = fakeClearInterval
    patches.push(
      patchProperty(
        globalThis,
        'setTimeout',
        arm(fakeSetTimeout, fakeClearTimeout, false),
        'setTimeout (process-owned timers)',
      ),
      patchProperty(
        globalThis,
        'setInterval',
        arm(fakeSetInterval as never, fakeClearInterval as never, true) as never,
        'setInterval (process-owned timers)',
      ),
      // Real (it drives the loop), owner-checked.
      patchProperty(
        globalThis,
        'setImmediate',
        ((fn: Callback, ...args: unknown[]) =>
          realSetImmediate(bound(fn, hooks.owner()), ...args)) as typeof setImmediate,
        'setImmediate (process-owned callbacks)',
      ),
      // Node's AbortSignal.timeout uses timers no
      // fake reaches. Validated as Node does it.
      patchProperty(
        AbortSignal,
        'timeout',
        (delay: number) => {
          validateUint32(delay, 'delay')
          const controller = new AbortController()
          // Node: past 2^31 - 1 a timer fires after 1 ms.
          globalThis.setTimeout(
            () => {
              controller.abort(
                stackless(() => new DOMException('The operation was aborted due to timeout', 'TimeoutError')),
              )
            },
            delay > MAX_TIMER_MS ? 1 : delay,
          )
          return controller.signal
        },
        'AbortSignal.timeout',
      ),
    )
    // node:timers (and /promises) bypass the
    // globals: on the virtual clock too.
    patches.push(
      patchProperty(timers, 'setTimeout', globalThis.setTimeout, "node:timers' setTimeout"),
      patchProperty(timers, 'clearTimeout', globalThis.clearTimeout, "node:timers' clearTimeout"),
      patchProperty(timers, 'setInterval', globalThis.setInterval, "node:timers' setInterval"),
      patchProperty(timers, 'clearInterval', globalThis.clearInterval, "node:timers' clearInterval"),
      patchProperty(timers, 'setImmediate', globalThis.setImmediate, "node:timers' setImmediate"),
      patchProperty(
        timersPromises,
        'setTimeout',
        virtualSleep as typeof timersPromises.setTimeout,
        "node:timers/promises' setTimeout",
      ),
      patchProperty(
        timersPromises,
        'setInterval',
        virtualInterval as typeof timersPromises.setInterval,
        "node:timers/promises' setInterval",
      ),
      patchProperty(
        timersPromises.scheduler,
        'wait',
        ((ms: number, options?: { signal?: AbortSignal }) =>
          virtualSleep(ms, undefined, options)) as typeof timersPromises.scheduler.wait,
        "node:timers/promises' scheduler.wait",
      ),
    )
    syncBuiltinExports()
  } catch (e) {
    try {
      undoAll(patches)
    } finally {
      try {
        uninstallClock()
      } finally {
        syncBuiltinExports()
      }
    }
    throw e
  }

  return {
    now: () => clock.now,
    elapsed: () => clock.now - startMs,
    pendingTimers: () => clock.countTimers(),
    fireNext() {
      if (clock.countTimers() === 0) return false
      clock.next()
      return true
    },
    advance(ms) {
      clock.tick(ms)
    },
    sleep: (ms) => new Promise<void>((resolve) => fakeSetTimeout(resolve, ms)),
    timer(ms) {
      let id: FakeTimer | null = null
      const elapsed = new Promise<void>((resolve) => {
        id = fakeSetTimeout(resolve, ms) as FakeTimer
      })
      return { elapsed, cancel: () => id !== null && fakeClearTimeout(id) }
    },
    cancelTimersOf(dead) {
      for (const [id, t] of owned) {
        if (!dead(t.owner)) continue
        t.clear()
        owned.delete(id)
      }
    },
    tampered: () => [
      ...(Object.keys(fakes) as (keyof typeof fakes)[]).filter((k) => globalThis[k] !== fakes[k]),
      ...(performance.now !== fakePerformanceNow ? ['performance.now'] : []),
      ...(process.hrtime !== fakeHrtime ? ['process.hrtime'] : []),
    ],
    uninstall() {
      owned.clear()
      try {
        undoAll(patches)
      } finally {
        try {
          uninstallClock() // restores even over a replaced Date
        } finally {
          syncBuiltinExports()
        }
      }
    },
  }
}

const realSetImmediate = globalThis.setImmediate

/** Longer timers fire after 1 ms in Node. */
const MAX_TIMER_MS = 2 ** 31 - 1

/** Node's validateUint32, Node 20's errors. */
function validateUint32(value: unknown, name: string): asserts value is number {
  if (typeof value !== 'number') {
    const received =
      value === null ? 'null' : typeof value === 'string' ? `type string ('${value}')` : `type ${typeof value}`
    throw Object.assign(new TypeError(`The "${name}" argument must be of type number. Received ${received}`), {
      code: 'ERR_INVALID_ARG_TYPE',
    })
  }
  if (!Number.isInteger(value))
    throw Object.assign(
      new RangeError(`The value of "${name}" is out of range. It must be an integer. Received ${value}`),
      { code: 'ERR_OUT_OF_RANGE' },
    )
  if (value < 0 || value > 4_294_967_295)
    throw Object.assign(
      new RangeError(`The value of "${name}" is out of range. It must be >= 0 && <= 4294967295. Received ${value}`),
      { code: 'ERR_OUT_OF_RANGE' },
    )
}

function abortError(signal: AbortSignal): Error {
  return Object.assign(
    stackless(() => new Error('The operation was aborted', { cause: signal.reason })),
    { name: 'AbortError', code: 'ABORT_ERR' },
  )
}

/** timers/promises' setTimeout, virtual. */
function virtualSleep<T>(ms?: number, value?: T, options?: { signal?: AbortSignal; ref?: boolean }): Promise<T> {
  const signal = options?.signal
  if (signal?.aborted) return Promise.reject(abortError(signal))
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => {
      globalThis.clearTimeout(t)
      reject(abortError(signal!))
    }
    const t = globalThis.setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve(value as T)
    }, ms ?? 1)
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}

/** timers/promises' setInterval, virtual. */
async function* virtualInterval<T>(ms?: number, value?: T, options?: { signal?: AbortSignal }): AsyncGenerator<T> {
  for (;;) yield await virtualSleep(ms, value, options)
}
