// The driver: settle real work, fire the next
// timer, until done, stuck or at a limit. No
// real-time patience: runs replay everywhere.
import type { VirtualClock } from './clock.ts'
import { messagesDelivered } from './message-delivery.ts'
import type { NativeWork } from './native-work.ts'
import { owedTurns, settleOwed } from './owed-turns.ts'

const realSetImmediate = globalThis.setImmediate
const realSetTimeout = globalThis.setTimeout

/** One turn of the real event loop. */
export const settle = (): Promise<void> => new Promise((resolve) => realSetImmediate(resolve))

/** Turns enough to pass a poll phase. */
const pollTurns = async (): Promise<void> => {
  await settle()
  await settle()
}

/** ~1 real ms for the thread pool; no spin. */
const realPause = (): Promise<void> => new Promise((resolve) => realSetTimeout(resolve, 1))

export type DriveResult =
  | { readonly kind: 'done' }
  | { readonly kind: 'stuck' } // nothing can ever wake it
  | { readonly kind: 'time-limit' } // not done by `untilMs`

const NO_WORK: NativeWork = { pending: () => 0, openSockets: () => 0, stop: () => {} }

/** Drive the clock until `isDone()`. */
export async function drive(
  clock: VirtualClock,
  isDone: () => boolean,
  untilMs: number | (() => number),
  maxSteps = Infinity,
  work: NativeWork = NO_WORK,
): Promise<DriveResult> {
  const limit = typeof untilMs === 'number' ? () => untilMs : untilMs
  // Called from a poll-phase callback (a run
  // starts on a message), one turn may miss the
  // poll: messages posted are delivered first.
  await settle()
  for (let steps = 0; ; steps++) {
    await settle()
    await settleOwed(settle)
    // Or real work would "take" a timer's time.
    while (work.pending() > 0 && !isDone()) {
      await realPause()
      await settle()
    }
    if (isDone()) return { kind: 'done' }
    if (clock.pendingTimers() === 0) {
      // No timer: only an open socket can deliver.
      while (clock.pendingTimers() === 0 && work.openSockets() > 0 && !isDone()) {
        await realPause()
        await settle()
      }
      if (isDone()) return { kind: 'done' }
      if (clock.pendingTimers() > 0) continue // a socket armed a timer: settle first
      // Or a message posted, not yet delivered:
      // while messages flow it is not stuck.
      if (steps < maxSteps && (await messagesDelivered(pollTurns)) > 0) continue
      // Those turns ran deferred work too (undici
      // ends a body on setImmediate): a timer it
      // armed is fired below (time moves, so no
      // loop); owed turns are settled first.
      if (isDone()) return { kind: 'done' }
      if (clock.pendingTimers() === 0 && (owedTurns() === 0 || steps >= maxSteps)) return { kind: 'stuck' }
    }
    if (clock.now() > limit() || steps >= maxSteps) return { kind: 'time-limit' }
    // Owed since the top of this step.
    if (owedTurns() > 0) continue
    clock.fireNext()
  }
}
