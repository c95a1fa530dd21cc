// Hand-written histories for judge tests: events get increasing `seq`, and
// the virtual time `t` set by `at()` (it stays put until moved again).
import type { Envelope, OutcomeStatus } from '../../../harness/contract/envelope.ts'
import type { Boundary } from '../../../harness/faults/fault.ts'
import type { CallId, EventInput, History, HistoryEvent } from '../../../harness/run/history.ts'

export function envelope(status: OutcomeStatus, effect: Envelope['effect'] = null): Envelope {
  return {
    status,
    retry_safe: status === 'FAILED_NO_EFFECT',
    effect,
    action_taken: status === 'SUCCEEDED' ? 'sent' : status === 'UNKNOWN' ? 'gave-up' : 'not-sent',
    message: `the call ${status}`,
  }
}

export class HistoryBuilder {
  readonly #events: HistoryEvent[] = []
  #t = 0

  /** Move virtual time to `t` ms for the events that follow. */
  at(t: number): this {
    this.#t = t
    return this
  }

  add(event: EventInput): this {
    this.#events.push({ seq: this.#events.length, t: this.#t, ...event } as HistoryEvent)
    return this
  }

  runStarted(): this {
    return this.add({ type: 'run-started', executor: 'test', scenario: 'hand-written', seed: 1, deadline: 30_000 })
  }

  callStarted(call: CallId, ask = 1, tool = 'issue_refund'): this {
    return this.add({ type: 'call-started', call, tool, ask, args: { payment_intent: 'pi_1', amount: 49.9, currency: 'eur', order_id: 'o1' } })
  }

  attempt(call: CallId | null, attempt: number, probe = false, fingerprint = probe ? 'probe' : 'refund-body'): this {
    return this.add({
      type: 'attempt-sent',
      attempt,
      call,
      service: 'payments',
      method: probe ? 'GET' : 'POST',
      path: '/v1/refunds',
      probe,
      mutation: probe ? 0 : attempt,
      fingerprint,
      generation: 1,
    })
  }

  answered(call: CallId | null, attempt: number, status: number | null, retryAfterMs: number | null = null, error: string | null = null): this {
    return this.add({ type: 'answered', attempt, call, status, error, retryAfterMs })
  }

  turn(deadline: number): this {
    return this.add({ type: 'turn-started', deadline })
  }

  fault(call: CallId | null, attempt: number, boundary: Boundary, kind: string): this {
    return this.add({ type: 'fault-injected', attempt, call, boundary, kind })
  }

  delivered(attempt: number): this {
    return this.add({ type: 'request-delivered', attempt })
  }

  effect(call: CallId | null, attempt: number, effect: string, amount = 4990): this {
    return this.add({ type: 'effect-applied', service: 'payments', effect, effectType: 'refund', attempt, call, amount, target: null })
  }

  response(attempt: number, status = 200, replayed = false): this {
    return this.add({ type: 'response-sent', attempt, status, replayed })
  }

  lost(attempt: number, reason = 'connection reset after the effect'): this {
    return this.add({ type: 'response-lost', attempt, reason })
  }

  report(call: CallId, ask: number, status: OutcomeStatus, effect: Envelope['effect'] = null): this {
    return this.add({ type: 'outcome-reported', call, ask, envelope: envelope(status, effect) })
  }

  executorFault(call: CallId | null, problem: 'threw' | 'hung' | 'invalid-envelope' | 'boot-failed', message: string): this {
    return this.add({ type: 'executor-fault', call, problem, message })
  }

  runEnded(): this {
    return this.add({ type: 'run-ended', pendingTimers: 0 })
  }

  build(): History {
    return [...this.#events]
  }
}

export function history(): HistoryBuilder {
  return new HistoryBuilder()
}
