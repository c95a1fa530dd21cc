// Hand-written histories for judge tests: `seq`
// increases; `t` stays where `at()` put it.
import type { Envelope, OutcomeStatus } from '../../../harness/contract/envelope.ts'
import type { Boundary } from '../../../harness/contract/names.ts'
import type { CallId, EventInput, History, HistoryEvent } from '../../../harness/history/history.ts'

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

  /** Move virtual time to `t` ms for what follows. */
  at(t: number): this {
    this.#t = t
    return this
  }

  add(event: EventInput): this {
    this.#events.push({ seq: this.#events.length, t: this.#t, ...event } as HistoryEvent)
    return this
  }

  runStarted(profile: readonly string[] = []): this {
    return this.add({
      type: 'run-started',
      executor: 'test',
      scenario: 'hand-written',
      seed: 1,
      deadline: 30_000,
      profile,
    })
  }

  callStarted(call: CallId, ask = 1, tool = 'issue_refund'): this {
    return this.add({
      type: 'call-started',
      call,
      tool,
      ask,
      args: { payment_intent: 'pi_1', amount: 49.9, currency: 'eur', order_id: 'o1' },
    })
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
      forwardedDeadline: null,
    })
  }

  answered(
    call: CallId | null,
    attempt: number,
    status: number | null,
    retryAfterMs: number | null = null,
    error: string | null = null,
  ): this {
    return this.add({ type: 'answered', attempt, call, status, error, retryAfterMs })
  }

  turn(deadline: number): this {
    return this.add({ type: 'turn-started', deadline })
  }

  gaveUp(attempt: number, how = 'TimeoutError'): this {
    return this.add({ type: 'client-gave-up', attempt, how })
  }

  fault(call: CallId | null, attempt: number, boundary: Boundary, kind: string): this {
    return this.add({ type: 'fault-injected', attempt, call, boundary, kind })
  }

  delivered(attempt: number): this {
    return this.add({ type: 'request-delivered', attempt })
  }

  effect(call: CallId | null, attempt: number, effect: string, amount = 4990): this {
    return this.add({
      type: 'effect-applied',
      service: 'payments',
      effect,
      effectType: 'refund',
      attempt,
      call,
      amount,
      target: null,
    })
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

  executorFault(
    call: CallId | null,
    problem: 'threw' | 'hung' | 'invalid-envelope' | 'boot-failed',
    message: string,
  ): this {
    return this.add({ type: 'executor-fault', call, problem, message })
  }

  /** A refused attempt on another host. */
  blocked(call: CallId | null, host: string): this {
    return this.add({ type: 'executor-fault', call, problem: 'blocked-network', host, message: `tried ${host}` })
  }

  runEnded(): this {
    return this.add({ type: 'run-ended', pendingTimers: 0 })
  }

  // ---- For the deadline, compensation, retry judges ----

  /** 'run-started' with a chosen deadline. */
  runStartedWithDeadline(deadline: number, profile: readonly string[] = []): this {
    return this.add({ type: 'run-started', executor: 'test', scenario: 'hand-written', seed: 1, deadline, profile })
  }

  /** 'attempt-sent' with every field judges key on. */
  attemptWith(
    call: CallId | null,
    attempt: number,
    options: {
      probe?: boolean
      fingerprint?: string
      generation?: number | null
      mutation?: number
      service?: string
      method?: string
      path?: string
      forwardedDeadline?: number | null
      setup?: true
    } = {},
  ): this {
    const probe = options.probe ?? false
    return this.add({
      type: 'attempt-sent',
      attempt,
      call,
      service: options.service ?? 'payments',
      method: options.method ?? (probe ? 'GET' : 'POST'),
      path: options.path ?? '/v1/refunds',
      probe,
      mutation: options.mutation ?? (probe ? 0 : attempt),
      fingerprint: options.fingerprint ?? (probe ? 'probe' : 'refund-body'),
      generation: options.generation === undefined ? 1 : options.generation,
      forwardedDeadline: options.forwardedDeadline ?? null,
      ...(options.setup && { setup: true as const }),
    })
  }

  /** 'effect-applied' of a type, acting on `target`. */
  effectWith(
    call: CallId | null,
    attempt: number,
    effect: string,
    options: { type?: string; target?: string | null; amount?: number; service?: string } = {},
  ): this {
    const effectType = options.type ?? 'refund'
    return this.add({
      type: 'effect-applied',
      service: options.service ?? (effectType === 'email' ? 'email' : 'payments'),
      effect,
      effectType,
      attempt,
      call,
      amount: options.amount ?? (effectType === 'email' ? 0 : 4990),
      target: options.target ?? null,
    })
  }

  /** 'outcome-reported' with an envelope the test writes. */
  reportEnvelope(call: CallId, ask: number, envelope: Envelope): this {
    return this.add({ type: 'outcome-reported', call, ask, envelope })
  }

  abortRequested(run: string, reason = 'a step ended UNKNOWN'): this {
    return this.add({ type: 'abort-requested', run, reason })
  }

  abortReported(run: string, envelopes: readonly Envelope[] = [], supported = true): this {
    return this.add({ type: 'abort-reported', run, envelopes, supported })
  }

  booted(generation: number, seesDeadline = true): this {
    return this.add({ type: 'process-booted', generation, ...(!seesDeadline && { seesDeadline: false as const }) })
  }

  crashed(generation: number, point = 'after-send', call: CallId | null = null): this {
    return this.add({ type: 'process-crashed', generation, point, call })
  }

  recovered(generation: number): this {
    return this.add({ type: 'process-recovered', generation })
  }

  build(): History {
    return [...this.#events]
  }
}

export function history(): HistoryBuilder {
  return new HistoryBuilder()
}
