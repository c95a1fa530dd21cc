// The driver: lets real microtasks and I/O settle, then fires the next virtual
// timer, until the awaited work is done, nothing can move, or a limit is hit.
import type { VirtualClock } from './clock.ts'

const realSetImmediate = globalThis.setImmediate
const realSetTimeout = globalThis.setTimeout

/** How long real I/O (files, sockets) may keep a run busy with no virtual timer pending before it counts as stuck. */
export const REAL_IO_PATIENCE_MS = 200

/** One turn of the real event loop: every queued microtask and ready I/O callback runs. */
export const settle = (): Promise<void> => new Promise((resolve) => realSetImmediate(resolve))

export type DriveResult =
  | { readonly kind: 'done' }
  | { readonly kind: 'stuck' } // not done, and no timer can ever wake it
  | { readonly kind: 'time-limit' } // not done by `untilMs` of virtual time

/**
 * Drive the clock until `isDone()`. `untilMs` is a virtual epoch limit.
 * When nothing is pending we give real I/O a few extra turns before calling it stuck.
 */
export async function drive(clock: VirtualClock, isDone: () => boolean, untilMs: number | (() => number), maxSteps = Infinity, patienceMs = REAL_IO_PATIENCE_MS): Promise<DriveResult> {
  const limit = typeof untilMs === 'number' ? () => untilMs : untilMs
  for (let steps = 0; ; steps++) {
    await settle()
    if (isDone()) return { kind: 'done' }
    if (clock.pendingTimers() === 0) {
      // Nothing virtual can move: give real I/O (a file read, a loopback socket) a little real time.
      for (let i = 0; i < 3 && clock.pendingTimers() === 0 && !isDone(); i++) await settle()
      for (let waited = 0; waited < patienceMs && clock.pendingTimers() === 0 && !isDone(); waited += 5) {
        await new Promise<void>((resolve) => realSetTimeout(resolve, 5))
        await settle()
      }
      if (isDone()) return { kind: 'done' }
      if (clock.pendingTimers() === 0) return { kind: 'stuck' }
    }
    if (clock.now() > limit() || steps >= maxSteps) return { kind: 'time-limit' }
    clock.fireNext()
  }
}
