// One run's history: an append-only list of plain
// events in virtual time; judges read only this.
import type { Envelope } from '../contract/envelope.ts'
import type { ToolContract } from '../contract/executor.ts'
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
        /**
         * The profile's features (empty: vendor-faithful);
         * judges read what the services did for the executor.
         */
        readonly profile: readonly string[]
      }
    | {
        readonly type: 'process-booted'
        readonly generation: number
        /** What its tools declare, by faultline tool. */
        readonly contracts?: Readonly<Record<string, ToolContract>>
        /** Its tools are given no deadline. */
        readonly seesDeadline?: false
      }
    | {
        readonly type: 'call-started'
        readonly call: CallId
        readonly tool: string
        readonly ask: number
        readonly args: Readonly<Record<string, unknown>>
      }
    | {
        readonly type: 'attempt-sent'
        readonly attempt: number
        /** The tool call running when it was made, or null. */
        readonly call: CallId | null
        readonly service: string
        readonly method: string
        readonly path: string
        /** True for reads (probes); false if it may change the world. */
        readonly probe: boolean
        /** A probe that only prepares others (an OAuth token). */
        readonly setup?: true
        /** The run's n-th send (1-based); 0 for probes. */
        readonly mutation: number
        /** Digest of method, path and body: equal for a resend. */
        readonly fingerprint: string
        /** The executor process that sent it, or null. */
        readonly generation: number | null
        /**
         * The forwarded X-Request-Deadline, virtual
         * ms since the run started; null if none.
         */
        readonly forwardedDeadline: number | null
      }
    | {
        readonly type: 'fault-injected'
        readonly attempt: number
        readonly call: CallId | null
        readonly boundary: Boundary
        readonly kind: string
      }
    | { readonly type: 'request-delivered'; readonly attempt: number }
    | {
        readonly type: 'effect-applied'
        readonly service: string
        readonly effect: string
        readonly effectType: string
        readonly attempt: number
        readonly call: CallId | null
        readonly amount: number
        /** What it acts on: a refund's intent, a correction's e-mail. */
        readonly target: string | null
      }
    | { readonly type: 'response-sent'; readonly attempt: number; readonly status: number; readonly replayed: boolean }
    | {
        /**
         * What reached the client: a response (the
         * service's or a fault's) or a network error.
         */
        readonly type: 'answered'
        readonly attempt: number
        readonly call: CallId | null
        readonly status: number | null
        readonly error: string | null
        /** Retry-After in ms, when the response carried one. */
        readonly retryAfterMs: number | null
        /** Said by SendGrid's reset time, not Retry-After. */
        readonly holdOffBy?: 'x-ratelimit-reset'
      }
    | { readonly type: 'abort-requested'; readonly run: string; readonly reason: string }
    | {
        readonly type: 'abort-reported'
        readonly run: string
        readonly envelopes: readonly Envelope[]
        /** False when there is no abort(): not judged on compensation. */
        readonly supported: boolean
      }
    | { readonly type: 'response-lost'; readonly attempt: number; readonly reason: string }
    | {
        /**
         * A request's client left before its
         * answer (or mid-body): `how`, its
         * signal's reason (TimeoutError,
         * AbortError, UND_ERR_HEADERS_TIMEOUT…),
         * or `closed` (node:http). No `answered`
         * follows it.
         */
        readonly type: 'client-gave-up'
        readonly attempt: number
        readonly how: string
      }
    | { readonly type: 'outcome-reported'; readonly call: CallId; readonly ask: number; readonly envelope: Envelope }
    | {
        readonly type: 'executor-fault'
        readonly call: CallId | null
        readonly problem: ExecutorProblem
        readonly message: string
        /** blocked-network: the host it tried. */
        readonly host?: string
      }
    | { readonly type: 'run-ended'; readonly pendingTimers: number }
    | { readonly type: 'turn-started'; readonly deadline: number }
    | {
        readonly type: 'process-crashed'
        readonly generation: number
        readonly point: string
        readonly call: CallId | null
      }
    | { readonly type: 'process-recovered'; readonly generation: number }
    | { readonly type: 'fenced'; readonly generation: number; readonly what: string }
    | { readonly type: 'service-restarted'; readonly service: string }
  )

export type History = readonly HistoryEvent[]

/**
 * What went wrong with the executor, not its report:
 * - `threw`: it threw or rejected, unhandled;
 * - `hung`: no answer (past deadline and grace, or
 *   past the run's real-time budget);
 * - `invalid-envelope`: its answer is no envelope;
 * - `boot-failed`: `boot()` threw or gave no process;
 * - `tampered`: it replaced a patched global;
 * - `exited`: `process.exit`, `kill` or `abort`;
 * - `out-of-memory`: past the worker's limit;
 * - `flooded`: past the event budget (cut there);
 * - `blocked-network`: beyond the mock services;
 * - `spawned-process`: started a child process
 *   or a worker thread (refused: unwatchable);
 * - `wrote-files`: wrote a file outside storage
 *   (state that outlives the run), once a path.
 */
export type ExecutorProblem =
  | 'threw'
  | 'hung'
  | 'invalid-envelope'
  | 'boot-failed'
  | 'tampered'
  | 'exited'
  | 'out-of-memory'
  | 'flooded'
  | 'blocked-network'
  | 'spawned-process'
  | 'wrote-files'

/** Good runs record tens to a few hundred events. */
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
   * `sink` sees every event as recorded: a
   * worker streams them so the supervisor
   * knows what happened if the worker dies.
   */
  constructor(elapsed: () => number, options: { maxEvents?: number; sink?: (event: HistoryEvent) => void } = {}) {
    this.#elapsed = elapsed
    this.#maxEvents = options.maxEvents ?? DEFAULT_MAX_EVENTS
    this.#sink = options.sink ?? null
  }

  /** Ms since the run's start, as events are stamped. */
  now(): number {
    return this.#elapsed()
  }

  record(event: EventInput): void {
    if (this.#closed) return // late stragglers change nothing
    if (this.#events.length >= this.#maxEvents - 2) {
      // Room is kept for this finding and the run's end.
      this.#full = true
      this.#closed = true
      this.#push({
        type: 'executor-fault',
        call: null,
        problem: 'flooded',
        message: `the run went past its budget of ${this.#maxEvents} history events; the history is cut here`,
      })
      return
    }
    this.#push(event)
  }

  #push(event: EventInput): void {
    // Frozen to the leaves: the executor cannot change the record.
    const e = deepFreeze({ seq: this.#events.length, t: this.#elapsed(), ...event } as HistoryEvent)
    this.#events.push(e)
    this.#sink?.(e)
  }

  /** True once the event budget ran out: the run should end. */
  get full(): boolean {
    return this.#full
  }

  /** End the history: later records are ignored; it is frozen. */
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
  return {
    type: 'effect-applied',
    service: e.service,
    effect: e.id,
    effectType: e.type,
    attempt: e.attempt,
    call: e.call,
    amount: e.amount,
    target: e.target ?? null,
  }
}

/** Events of one type, typed. */
export function eventsOf<T extends HistoryEvent['type']>(
  history: History,
  type: T,
): Extract<HistoryEvent, { type: T }>[] {
  return history.filter((e): e is Extract<HistoryEvent, { type: T }> => e.type === type)
}
