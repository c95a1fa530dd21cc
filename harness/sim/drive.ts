// The driver: lets real microtasks and I/O settle, waits for real work in
// flight (native-work.ts), then fires the next virtual timer — until the
// awaited work is done, nothing can move, or a limit is hit. No real-time
// patience decides anything here: virtual time moves only when the run is
// idle, whatever the machine's load, so a run replays the same everywhere.
// (Work that never ends is bounded by the supervisor's real-time budget.)
import type { VirtualClock } from './clock.ts'
import type { NativeWork } from './native-work.ts'

const realSetImmediate = globalThis.setImmediate
const realSetTimeout = globalThis.setTimeout

/** One turn of the real event loop: every queued microtask and ready I/O callback runs. */
export const settle = (): Promise<void> => new Promise((resolve) => realSetImmediate(resolve))

/** Let the thread pool and the OS make progress without spinning (about a millisecond of real time). */
const realPause = (): Promise<void> => new Promise((resolve) => realSetTimeout(resolve, 1))

export type DriveResult =
  | { readonly kind: 'done' }
  | { readonly kind: 'stuck' } // not done, and no timer, no real work can ever wake it
  | { readonly kind: 'time-limit' } // not done by `untilMs` of virtual time

const NO_WORK: NativeWork = { pending: () => 0, openSockets: () => 0, stop: () => {} }

/** Drive the clock until `isDone()`. `untilMs` is a virtual epoch limit. */
export async function drive(clock: VirtualClock, isDone: () => boolean, untilMs: number | (() => number), maxSteps = Infinity, work: NativeWork = NO_WORK): Promise<DriveResult> {
  const limit = typeof untilMs === 'number' ? () => untilMs : untilMs
  for (let steps = 0; ; steps++) {
    await settle()
    // Real work in flight: virtual time waits for it (it would otherwise "take" the next timer's time).
    while (work.pending() > 0 && !isDone()) {
      await realPause()
      await settle()
    }
    if (isDone()) return { kind: 'done' }
    if (clock.pendingTimers() === 0) {
      // Nothing virtual can move. An open socket may still deliver (loopback); else nothing ever will.
      while (clock.pendingTimers() === 0 && work.openSockets() > 0 && !isDone()) {
        await realPause()
        await settle()
      }
      if (isDone()) return { kind: 'done' }
      if (clock.pendingTimers() === 0) return { kind: 'stuck' }
      continue // the socket's news armed a timer: settle again before firing it
    }
    if (clock.now() > limit() || steps >= maxSteps) return { kind: 'time-limit' }
    clock.fireNext()
  }
}
