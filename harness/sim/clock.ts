// The one virtual clock of a run. Timers and Date follow virtual time; time
// only moves when the driver (drive.ts) finds the simulation idle and fires the
// next due timer, so tens of simulated seconds take milliseconds.
//
// Timers belong to whoever armed them (read from the async context, see
// attribution.ts): the harness, or an executor process. A process's timers die
// with it — as in a real crash — and a throw from one of its callbacks is a
// finding about that process, never a failure of the harness.
import FakeTimers from '@sinonjs/fake-timers'
import { AsyncResource } from 'node:async_hooks'
import { patchProperty, undoAll, type Patch } from './patch.ts'

/** The APIs the clock fakes, and only these (setImmediate, nextTick and I/O stay real). */
export const FAKED_APIS = ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] as const

/** Virtual time starts here in every run, so histories do not depend on the day they ran. */
export const EPOCH_MS = Date.UTC(2026, 0, 1, 9, 0, 0)

/** Who armed a timer or queued a callback: an executor process (the harness's own work has no owner). */
export interface TimerOwner {
  readonly generation: number
  readonly call: string | null
}

/** How the clock learns who is arming a timer, and what to do with a process's timers. */
export interface TimerHooks {
  /** The executor process arming a timer now, or null for the harness's own work. */
  owner(): TimerOwner | null
  /** May this owner still run code? False once its process has crashed or its run has ended. */
  alive(owner: TimerOwner): boolean
  /** A callback of `owner` threw. (The harness's own throws propagate: they are harness bugs.) */
  threw(error: unknown, owner: TimerOwner): void
}

const NO_HOOKS: TimerHooks = { owner: () => null, alive: () => true, threw: (e) => { throw e } }

export interface VirtualClock {
  /** Virtual epoch milliseconds (what `Date.now()` returns inside the run). */
  now(): number
  /** Milliseconds since the run started. */
  elapsed(): number
  /** Number of pending virtual timers. */
  pendingTimers(): number
  /** Fire the earliest due timer, advancing time to it. Returns false if none is pending. */
  fireNext(): boolean
  /** Advance time by `ms`, firing every timer due on the way. */
  advance(ms: number): void
  /** A promise that resolves after `ms` of virtual time (the harness's own timer). */
  sleep(ms: number): Promise<void>
  /** A harness timer that can be cancelled: `cancel()` clears it and the promise never settles. */
  timer(ms: number): { readonly elapsed: Promise<void>; cancel(): void }
  /** Clear every timer armed by processes `dead` accepts (a crash kills its process's timers). */
  cancelTimersOf(dead: (owner: TimerOwner) => boolean): void
  /** Which of the clock's own fakes someone replaced during the run. */
  tampered(): string[]
  /** Undo every patch; checked. */
  uninstall(): void
}

type Callback = (...a: unknown[]) => void
type FakeTimer = ReturnType<typeof globalThis.setTimeout>

// Built once: withGlobal() is costly and the global object never changes.
let fakeTimers: ReturnType<typeof FakeTimers.withGlobal> | null = null

export function installClock(hooks: TimerHooks = NO_HOOKS, startMs = EPOCH_MS): VirtualClock {
  fakeTimers ??= FakeTimers.withGlobal(globalThis)
  const clock = fakeTimers.install({
    now: startMs,
    toFake: [...FAKED_APIS],
    shouldClearNativeTimers: true,
    loopLimit: 100_000,
  })
  const fakeSetTimeout = globalThis.setTimeout
  const fakeSetInterval = globalThis.setInterval
  const fakeClearTimeout = globalThis.clearTimeout
  const fakeClearInterval = globalThis.clearInterval
  // What fake-timers put in place and undoes by itself: checked for tampering at the end.
  const fakes = { clearTimeout: fakeClearTimeout, clearInterval: fakeClearInterval, Date: globalThis.Date } as const
  /** Timers armed by executor processes, with how to clear each. */
  const owned = new Map<FakeTimer, { owner: TimerOwner; clear: () => void }>()

  /**
   * `fn`, run in the async context it was created in (fake timers fire from the
   * driver's stack, which would lose it), only while its owner is alive, with
   * the owner's throws reported rather than thrown into the driver.
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
        // A dead process arms nothing: hand back a timer that is already cleared.
        const t = fake(() => {}, ms)
        clear(t)
        return t
      }
      let id: FakeTimer | undefined
      id = fake(bound(fn, owner, repeat || owner === null ? undefined : () => owned.delete(id!)), ms, ...args) as FakeTimer
      if (owner !== null) owned.set(id, { owner, clear: () => clear(id) })
      return id
    }) as typeof setTimeout

  const patches: Patch[] = []
  try {
    patches.push(
      patchProperty(globalThis, 'setTimeout', arm(fakeSetTimeout, fakeClearTimeout, false), 'setTimeout (process-owned timers)'),
      patchProperty(globalThis, 'setInterval', arm(fakeSetInterval as never, fakeClearInterval as never, true) as never, 'setInterval (process-owned timers)'),
      // setImmediate stays real (it drives the loop), but a dead process's callbacks never run.
      patchProperty(
        globalThis,
        'setImmediate',
        ((fn: Callback, ...args: unknown[]) => realSetImmediate(bound(fn, hooks.owner()), ...args)) as typeof setImmediate,
        'setImmediate (process-owned callbacks)',
      ),
      // Node's AbortSignal.timeout uses internal timers that no fake reaches.
      patchProperty(
        AbortSignal,
        'timeout',
        (ms: number) => {
          const controller = new AbortController()
          globalThis.setTimeout(() => {
            controller.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError'))
          }, ms)
          return controller.signal
        },
        'AbortSignal.timeout',
      ),
    )
  } catch (e) {
    undoAll(patches)
    clock.uninstall()
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
    tampered: () => (Object.keys(fakes) as (keyof typeof fakes)[]).filter((k) => globalThis[k] !== fakes[k]),
    uninstall() {
      owned.clear()
      try {
        undoAll(patches)
      } finally {
        clock.uninstall() // restores the originals even over a replaced Date or clearTimeout
      }
    },
  }
}

const realSetImmediate = globalThis.setImmediate
