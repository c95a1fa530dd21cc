// A Client's requests as its socket takes
// them: as many at once as it pipelines (1 by
// default), one alone where undici holds the
// rest back (client-h1.js busy()), the others
// queued. Full: false, then 'drain' (as a Pool
// expects: pool-base.js).
import type { Dead, TimerOwner } from './clock.ts'
import { whileDraining } from './undici-callers.ts'

/** What a Client is, to its slots. */
export interface SlotClient {
  readonly pipelining: number
  emit(event: 'drain', origin: unknown, targets: SlotClient[]): boolean
}

/** One request, waiting for its turn. */
export interface Sendable {
  /** Blocking, not idempotent, or a streamed body. */
  readonly alone: boolean
  /** The process that sent it; null: none. */
  readonly owner: TimerOwner | null
  start(): Promise<void>
  /** Never started: its run is over. */
  abandon(): void
}

interface State {
  readonly origin: unknown
  readonly waiting: Sendable[]
  readonly running: Set<Sendable>
  alone: Sendable | null
  needDrain: boolean
}

/** A run's: the next run starts with free ones. */
export class Slots {
  readonly #states = new Map<SlotClient, State>()
  readonly #deaths: Dead[] = []
  readonly #later: (fn: () => void) => void

  /** Freed `later`: a crash strikes mid-request. */
  constructor(later: (fn: () => void) => void = queueMicrotask) {
    this.#later = later
  }

  /** Sent or queued; false: the Client is full. */
  admit(client: SlotClient, origin: unknown, request: Sendable): boolean {
    let state = this.#states.get(client)
    if (!state) {
      state = { origin, waiting: [], running: new Set(), alone: null, needDrain: false }
      this.#states.set(client, state)
    }
    state.waiting.push(request)
    this.#pump(client, state)
    const full = state.waiting.length > 0 || state.running.size >= limit(client)
    if (full) state.needDrain = true
    return !full
  }

  /**
   * A process died: its requests hold no slot.
   * The simulated processes share a module's
   * Client, where a real restart has its own.
   */
  died(dead: Dead): void {
    this.#deaths.push(dead)
    this.#later(() => {
      let thrown: { error: unknown } | null = null
      for (const [client, state] of this.#states) {
        for (const request of state.running) if (this.#dead(request)) this.#free(state, request)
        try {
          this.#pump(client, state)
          this.#drainIfFree(client, state)
        } catch (error) {
          thrown ??= { error } // a listener's: the others still free
        }
      }
      if (thrown) throw thrown.error
    })
  }

  /**
   * At the run's end: what waits is failed, and
   * a Client it left full is said to drain, so
   * a Pool kept for the next run does not wait
   * on it for ever.
   */
  release(): void {
    for (const [client, state] of this.#states) {
      for (const request of state.waiting.splice(0)) request.abandon()
      if (!state.needDrain) continue
      try {
        drained(client, state)
      } catch {} // a listener's throw: not ours
    }
    this.#states.clear()
  }

  #dead(request: Sendable): boolean {
    const { owner } = request
    return owner !== null && this.#deaths.some((dead) => dead(owner))
  }

  #pump(client: SlotClient, state: State): void {
    for (;;) {
      const next = state.waiting[0]
      if (!next) return
      const busy = state.running.size
      if (busy > 0 && (state.alone || next.alone || busy >= limit(client))) return
      state.waiting.shift()
      // A dead process's: fenced where it lands.
      if (this.#dead(next)) {
        void next.start()
        continue
      }
      state.running.add(next)
      if (next.alone) state.alone = next
      void next.start().finally(() => {
        if (!this.#free(state, next)) return
        this.#pump(client, state)
        this.#drainIfFree(client, state)
      })
    }
  }

  /** False: freed already (its process died). */
  #free(state: State, request: Sendable): boolean {
    if (!state.running.delete(request)) return false
    if (state.alone === request) state.alone = null
    return true
  }

  #drainIfFree(client: SlotClient, state: State): void {
    if (state.needDrain && state.waiting.length === 0 && state.running.size < limit(client)) drained(client, state)
  }
}

function limit(client: SlotClient): number {
  return Math.max(1, client.pipelining || 1)
}

function drained(client: SlotClient, state: State): void {
  state.needDrain = false
  whileDraining(() => client.emit('drain', state.origin, [client]))
}
