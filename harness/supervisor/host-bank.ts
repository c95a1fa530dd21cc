// Idle workers handed from one pool to the next
// (compare's rows): no new process to start, and
// a harness already warm. Bundled executors only:
// code we ship shares a worker; a user's never.
import { killGroup, type Slot } from './spawn.ts'

export class HostBank {
  readonly #idle: Slot[] = []
  #closed = false

  /** Workers kept now. */
  get size(): number {
    return this.#idle.length
  }

  /** An idle live worker, or null. */
  take(): Slot | null {
    for (let slot = this.#idle.pop(); slot; slot = this.#idle.pop())
      if (slot.up && !slot.stopping) return slot
      else killGroup(slot)
    return null
  }

  /** Kept for the next pool (closed: ended). */
  give(slot: Slot): void {
    if (this.#closed) killGroup(slot)
    else this.#idle.push(slot)
  }

  /** Every worker kept is ended. */
  async close(): Promise<void> {
    this.#closed = true
    const idle = this.#idle.splice(0)
    for (const slot of idle) killGroup(slot)
    await Promise.all(idle.map((s) => s.gone))
  }
}
