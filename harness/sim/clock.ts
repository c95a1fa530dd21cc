// The one virtual clock of a run. Timers and Date follow virtual time; time
// only moves when the driver (drive.ts) finds the simulation idle and fires the
// next due timer, so tens of simulated seconds take milliseconds.
import FakeTimers from '@sinonjs/fake-timers'
import { AsyncResource } from 'node:async_hooks'
import { patchProperty, undoAll, type Patch } from './patch.ts'

/** The APIs the clock fakes, and only these (setImmediate, nextTick and I/O stay real). */
export const FAKED_APIS = ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] as const

/** Virtual time starts here in every run, so histories do not depend on the day they ran. */
export const EPOCH_MS = Date.UTC(2026, 0, 1, 9, 0, 0)

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
  /** A promise that resolves after `ms` of virtual time. */
  sleep(ms: number): Promise<void>
  /** Undo every patch; checked. */
  uninstall(): void
}

/** `fn`, run in the async context it was created in (cheaper than AsyncResource.bind on Node 20). */
function bindContext(fn: (...a: unknown[]) => void): (...a: unknown[]) => void {
  if (typeof fn !== 'function') return fn
  const resource = new AsyncResource('faultline.timer')
  return (...args: unknown[]) => resource.runInAsyncScope(fn, undefined, ...args)
}

// Built once: withGlobal() is costly and the global object never changes.
let fakeTimers: ReturnType<typeof FakeTimers.withGlobal> | null = null

export function installClock(startMs = EPOCH_MS): VirtualClock {
  fakeTimers ??= FakeTimers.withGlobal(globalThis)
  const clock = fakeTimers.install({
    now: startMs,
    toFake: [...FAKED_APIS],
    shouldClearNativeTimers: true,
    loopLimit: 100_000,
  })
  const patches: Patch[] = []
  try {
    // Fake timers fire from the driver's stack, which would lose the async
    // context of whoever set them; bind each callback to its creator's context
    // so the harness keeps knowing which tool call a later request belongs to.
    const fakeSetTimeout = globalThis.setTimeout
    const fakeSetInterval = globalThis.setInterval
    patches.push(
      patchProperty(
        globalThis,
        'setTimeout',
        ((fn: (...a: unknown[]) => void, ms?: number, ...args: unknown[]) => fakeSetTimeout(bindContext(fn), ms, ...args)) as typeof setTimeout,
        'setTimeout (context binding)',
      ),
      patchProperty(
        globalThis,
        'setInterval',
        ((fn: (...a: unknown[]) => void, ms?: number, ...args: unknown[]) => fakeSetInterval(bindContext(fn), ms, ...args)) as typeof setInterval,
        'setInterval (context binding)',
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
    sleep: (ms) => new Promise<void>((resolve) => globalThis.setTimeout(resolve, ms)),
    uninstall() {
      try {
        undoAll(patches)
      } finally {
        clock.uninstall()
      }
    },
  }
}
