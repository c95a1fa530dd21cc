// The history of one run: an append-only list of plain events stamped with
// virtual time. Judges and reports read only this.
import type { Envelope } from '../contract/envelope.ts'
import type { Boundary } from '../contract/names.ts'
import type { LedgerEntry } from '../../mock-services/ledger.ts'

/** `runId/stepId`: the harness's name for a tool call. */
export type CallId = string

interface Stamp {
  /** Order within the history. */
  readonly seq: number
  /** Virtual milliseconds since the run started. */
  readonly t: number
}

export type HistoryEvent = Stamp &
  (
    | {
        readonly type: 'run-started'
        readonly executor: string
        readonly scenario: string
        readonly seed: number
        readonly deadline: number
        /** The profile's features (empty: vendor-faithful); judges read what the services did for the executor. */
        readonly profile: readonly string[]
      }
    | { readonly type: 'process-booted'; readonly generation: number }
    | { readonly type: 'call-started'; readonly call: CallId; readonly tool: string; readonly ask: number; readonly args: Readonly<Record<string, unknown>> }
    | {
        readonly type: 'attempt-sent'
        readonly attempt: number
        /** The tool call that was running when the request was made; null outside any call. */
        readonly call: CallId | null
        readonly service: string
        readonly method: string
        readonly path: string
        /** True for reads (reconciliation probes); false for requests that may change the world. */
        readonly probe: boolean
        /** Which side-effecting request of the run this is (1-based); 0 for probes. */
        readonly mutation: number
        /** A digest of method, path and body: the same request sent again has the same one. */
        readonly fingerprint: string
        /** The executor process that sent it (null outside any process). */
        readonly generation: number | null
        /** The deadline the request forwarded (X-Request-Deadline), in virtual ms since the run started; null if none. */
        readonly forwardedDeadline: number | null
      }
    | { readonly type: 'fault-injected'; readonly attempt: number; readonly call: CallId | null; readonly boundary: Boundary; readonly kind: string }
    | { readonly type: 'request-delivered'; readonly attempt: number }
    | {
        readonly type: 'effect-applied'
        readonly service: string
        readonly effect: string
        readonly effectType: string
        readonly attempt: number
        readonly call: CallId | null
        readonly amount: number
        /** What it acts on: a refund's payment intent, a correction's original e-mail. */
        readonly target: string | null
      }
    | { readonly type: 'response-sent'; readonly attempt: number; readonly status: number; readonly replayed: boolean }
    | {
        /** What reached the client: a response (from the service, or made by a fault) or a network error. */
        readonly type: 'answered'
        readonly attempt: number
        readonly call: CallId | null
        readonly status: number | null
        readonly error: string | null
        /** Retry-After, when the response carried one, in ms. */
        readonly retryAfterMs: number | null
      }
    | { readonly type: 'abort-requested'; readonly run: string; readonly reason: string }
    | {
        readonly type: 'abort-reported'
        readonly run: string
        readonly envelopes: readonly Envelope[]
        /** False when the executor has no abort(): it was never asked, and is not judged on compensation. */
        readonly supported: boolean
      }
    | { readonly type: 'response-lost'; readonly attempt: number; readonly reason: string }
    | { readonly type: 'outcome-reported'; readonly call: CallId; readonly ask: number; readonly envelope: Envelope }
    | { readonly type: 'executor-fault'; readonly call: CallId | null; readonly problem: ExecutorProblem; readonly message: string }
    | { readonly type: 'run-ended'; readonly pendingTimers: number }
    | { readonly type: 'turn-started'; readonly deadline: number }
    | { readonly type: 'process-crashed'; readonly generation: number; readonly point: string; readonly call: CallId | null }
    | { readonly type: 'process-recovered'; readonly generation: number }
    | { readonly type: 'fenced'; readonly generation: number; readonly what: string }
    | { readonly type: 'service-restarted'; readonly service: string }
  )

export type History = readonly HistoryEvent[]

/**
 * What went wrong with the executor itself (not with what it reported):
 * - `threw`: a call, a timer callback or a promise of its threw / rejected unhandled;
 * - `hung`: it never answered (virtual time: past the turn's deadline and grace; real time: the run's budget);
 * - `invalid-envelope`: it answered something that is not an envelope (or reading it threw);
 * - `boot-failed`: `boot()` threw or resolved to something that is not a process;
 * - `tampered`: it replaced a global the run had patched (restored);
 * - `exited`: it ended its process (`process.exit`, `process.kill`, `process.abort`);
 * - `out-of-memory`: it went past the worker's memory limit;
 * - `flooded`: the run went past its budget of history events (the history is cut there);
 * - `blocked-network`: it tried to reach a network outside the mock services (refused).
 */
export type ExecutorProblem = 'threw' | 'hung' | 'invalid-envelope' | 'boot-failed' | 'tampered' | 'exited' | 'out-of-memory' | 'flooded' | 'blocked-network'

/** The default budget of events per run: far above any well-behaved run (tens to a few hundred). */
export const DEFAULT_MAX_EVENTS = 20_000

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never
export type EventInput = DistributiveOmit<HistoryEvent, 'seq' | 't'>

/** Appends events; the only writer of a run's history. */
export class HistoryRecorder {
  readonly #events: HistoryEvent[] = []
  readonly #elapsed: () => number
  readonly #maxEvents: number
  readonly #sink: ((event: HistoryEvent) => void) | null
  #closed = false
  #full = false
  #ended = false

  /**
   * `sink`, when given, sees every event as it is recorded (a worker streams them to the
   * supervisor, which then knows what happened even if the worker dies mid-run).
   */
  constructor(elapsed: () => number, options: { maxEvents?: number; sink?: (event: HistoryEvent) => void } = {}) {
    this.#elapsed = elapsed
    this.#maxEvents = options.maxEvents ?? DEFAULT_MAX_EVENTS
    this.#sink = options.sink ?? null
  }

  record(event: EventInput): void {
    if (this.#closed) return // the run is over: late stragglers of the executor change nothing
    if (this.#events.length >= this.#maxEvents - 2) {
      // Room is kept for this finding and the run's end.
      this.#full = true
      this.#closed = true
      this.#push({ type: 'executor-fault', call: null, problem: 'flooded', message: `the run went past its budget of ${this.#maxEvents} history events; the history is cut here` })
      return
    }
    this.#push(event)
  }

  #push(event: EventInput): void {
    // Frozen to the leaves: nothing the executor holds a reference to can change the record.
    const e = deepFreeze({ seq: this.#events.length, t: this.#elapsed(), ...event } as HistoryEvent)
    this.#events.push(e)
    this.#sink?.(e)
  }

  /** True once the event budget ran out: the run should end. */
  get full(): boolean {
    return this.#full
  }

  /** End the history with the run's end: later records are ignored, and what was recorded is frozen. */
  close(pendingTimers: number): History {
    if (!this.#ended) {
      this.#ended = true
      this.#closed = true
      this.#push({ type: 'run-ended', pendingTimers })
    }
    return Object.freeze([...this.#events])
  }

  get events(): History {
    return this.#events
  }
}

/** Freeze a plain value and everything in it. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const v of Object.values(value)) deepFreeze(v)
  }
  return value
}

/** The history event that mirrors a ledger entry. */
export function effectApplied(e: LedgerEntry): EventInput {
  return { type: 'effect-applied', service: e.service, effect: e.id, effectType: e.type, attempt: e.attempt, call: e.call, amount: e.amount, target: e.target ?? null }
}

/** Events of one type, typed. */
export function eventsOf<T extends HistoryEvent['type']>(history: History, type: T): Extract<HistoryEvent, { type: T }>[] {
  return history.filter((e): e is Extract<HistoryEvent, { type: T }> => e.type === type)
}
