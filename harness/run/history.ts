// The history of one run: an append-only list of plain events stamped with
// virtual time. Judges and reports read only this.
import type { Envelope } from '../contract/envelope.ts'
import type { Boundary } from '../faults/fault.ts'
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
    | { readonly type: 'run-started'; readonly executor: string; readonly scenario: string; readonly seed: number; readonly deadline: number }
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
    | { readonly type: 'abort-reported'; readonly run: string; readonly envelopes: readonly Envelope[] }
    | { readonly type: 'response-lost'; readonly attempt: number; readonly reason: string }
    | { readonly type: 'outcome-reported'; readonly call: CallId; readonly ask: number; readonly envelope: Envelope }
    | { readonly type: 'executor-fault'; readonly call: CallId | null; readonly problem: 'threw' | 'hung' | 'invalid-envelope' | 'boot-failed' | 'tampered'; readonly message: string }
    | { readonly type: 'run-ended'; readonly pendingTimers: number }
    | { readonly type: 'turn-started'; readonly deadline: number }
    | { readonly type: 'process-crashed'; readonly generation: number; readonly point: string; readonly call: CallId | null }
    | { readonly type: 'process-recovered'; readonly generation: number }
    | { readonly type: 'fenced'; readonly generation: number; readonly what: string }
    | { readonly type: 'service-restarted'; readonly service: string }
  )

export type History = readonly HistoryEvent[]

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never
export type EventInput = DistributiveOmit<HistoryEvent, 'seq' | 't'>

/** Appends events; the only writer of a run's history. */
export class HistoryRecorder {
  readonly #events: HistoryEvent[] = []
  readonly #elapsed: () => number

  constructor(elapsed: () => number) {
    this.#elapsed = elapsed
  }

  #closed = false

  record(event: EventInput): void {
    if (this.#closed) return // the run is over: late stragglers of the executor change nothing
    this.#events.push({ seq: this.#events.length, t: this.#elapsed(), ...event } as HistoryEvent)
  }

  /** End the history: later records are ignored, and what was recorded is frozen. */
  close(): History {
    this.#closed = true
    return Object.freeze([...this.#events])
  }

  get events(): History {
    return this.#events
  }
}

/** The history event that mirrors a ledger entry. */
export function effectApplied(e: LedgerEntry): EventInput {
  return { type: 'effect-applied', service: e.service, effect: e.id, effectType: e.type, attempt: e.attempt, call: e.call, amount: e.amount, target: e.target ?? null }
}

/** Events of one type, typed. */
export function eventsOf<T extends HistoryEvent['type']>(history: History, type: T): Extract<HistoryEvent, { type: T }>[] {
  return history.filter((e): e is Extract<HistoryEvent, { type: T }> => e.type === type)
}
