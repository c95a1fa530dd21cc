// A Client's requests as its socket takes
// them: as many at once as it pipelines (1 by
// default), one alone where undici holds the
// rest back (client-h1.js busy()), the others
// queued. Full: false, then 'drain' (as a Pool
// expects: pool-base.js).
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
  start(): Promise<void>
  /** Never started: its run is over. */
  abandon(): void
}

interface State {
  readonly origin: unknown
  readonly waiting: Sendable[]
  running: number
  alone: boolean
  needDrain: boolean
}

/** A run's: the next run starts with free ones. */
export class Slots {
  readonly #states = new Map<SlotClient, State>()

  /** Sent or queued; false: the Client is full. */
  admit(client: SlotClient, origin: unknown, request: Sendable): boolean {
    let state = this.#states.get(client)
    if (!state) this.#states.set(client, (state = { origin, waiting: [], running: 0, alone: false, needDrain: false }))
    state.waiting.push(request)
    pump(client, state)
    const full = state.waiting.length > 0 || state.running >= limit(client)
    if (full) state.needDrain = true
    return !full
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
}

function limit(client: SlotClient): number {
  return Math.max(1, client.pipelining || 1)
}

function pump(client: SlotClient, state: State): void {
  for (;;) {
    const next = state.waiting[0]
    if (!next) return
    if (state.running > 0 && (state.alone || next.alone || state.running >= limit(client))) return
    state.waiting.shift()
    state.running++
    if (next.alone) state.alone = true
    void next.start().finally(() => {
      state.running--
      if (next.alone) state.alone = false
      pump(client, state)
      if (state.needDrain && state.waiting.length === 0 && state.running < limit(client)) drained(client, state)
    })
  }
}

function drained(client: SlotClient, state: State): void {
  state.needDrain = false
  whileDraining(() => client.emit('drain', state.origin, [client]))
}
