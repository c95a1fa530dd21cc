// fast-check arbitraries that generate scenarios: a plan of 1–3 refunds, a
// few faults from the whole catalogue (each with its boundary and the request
// or process step it strikes), the model's behaviour, the services' settings
// and the seed. Everything shrinks toward "fewer faults, simpler plan, earlier
// attempt, default settings".
import fc from 'fast-check'
import type { Fault, RequestFault } from '../harness/faults/catalogue.ts'
import type { ExecutorCrash } from '../harness/faults/executor-crash.ts'
import type { PlanStep, Scenario, SeededPaymentIntent } from '../harness/scenario/scenario.ts'
import type { ProfileFeature } from '../harness/scenario/profile.ts'
import type { ScenarioGenerator } from '../harness/scenario/generator.ts'
import type { EmailMode } from '../mock-services/email/email.ts'

/** Orders the generated plans refund, each paid by its own payment intent (500.00 EUR). */
export const ORDERS = [
  { order_id: 'ORD-1042', payment_intent: 'pi_ord1042' },
  { order_id: 'ORD-2077', payment_intent: 'pi_ord2077' },
  { order_id: 'ORD-3150', payment_intent: 'pi_ord3150' },
] as const

const AMOUNTS = [49.9, 12.5, 120, 7.99] as const

export const PAYMENT_INTENTS: readonly SeededPaymentIntent[] = ORDERS.map((o) => ({ id: o.payment_intent, amount: 50_000, currency: 'eur' }))

export interface ScenarioArbitraryOptions {
  /** What the services may do beyond the vendors (default: nothing — vendor-faithful). */
  readonly profile?: readonly ProfileFeature[]
  /** At most this many faults per scenario (default 3). */
  readonly maxFaults?: number
  /** Requests a fault may target: 1..maxAttempt (default 4: most runs make 1–4 side-effecting requests). */
  readonly maxAttempt?: number
  /** Only the spine's first four boundaries (before-send, in-transit, after-receipt, after-effect), refunds only. Default false: the whole catalogue and every tool. */
  readonly spineOnly?: boolean
}

const step = fc.record({ order: fc.nat({ max: ORDERS.length - 1 }), amount: fc.constantFrom(...AMOUNTS), tool: fc.constantFrom('issue_refund' as const, 'issue_refund' as const, 'charge_card' as const) })

/** The address the confirmation e-mails go to. */
export const CUSTOMER = 'customer@mail.test'

/** Delays around common client timeouts (8 s, 10 s, 30 s), just under and just over, and some short ones. */
const DELAYS = fc.constantFrom(100, 1_000, 7_900, 8_100, 9_900, 10_100, 29_900, 30_100)

/** The whole catalogue of faults on a request's path, weighted toward the ones that make effects ambiguous. */
export function requestFaultArbitrary(maxAttempt = 4, spineOnly = false): fc.Arbitrary<RequestFault> {
  const attempt = fc.integer({ min: 1, max: maxAttempt })
  const c = <T>(v: T) => fc.constant(v)
  const spine: fc.WeightedArbitrary<RequestFault>[] = [
    { weight: 2, arbitrary: fc.record({ kind: c('connection-refused' as const), boundary: c('before-send' as const), attempt }) },
    { weight: 2, arbitrary: fc.record({ kind: c('server-fails-before-apply' as const), boundary: c('after-receipt' as const), attempt, mode: fc.constantFrom('reset' as const, '503' as const) }) },
    { weight: 3, arbitrary: fc.record({ kind: c('reset-after-effect' as const), boundary: c('after-effect' as const), attempt }) },
    { weight: 2, arbitrary: fc.record({ kind: c('withhold-after-effect' as const), boundary: c('after-effect' as const), attempt }) },
    { weight: 2, arbitrary: fc.record({ kind: c('late-delivery' as const), boundary: c('in-transit' as const), attempt, delayMs: fc.integer({ min: 0, max: 30_000 }) }) },
  ]
  if (spineOnly) return fc.oneof(...spine)
  return fc.oneof(
    ...spine,
    { weight: 1, arbitrary: fc.record({ kind: c('dns-failure' as const), boundary: c('before-send' as const), attempt }) },
    { weight: 2, arbitrary: fc.record({ kind: c('latency' as const), boundary: c('in-transit' as const), attempt, delayMs: DELAYS }) },
    { weight: 1, arbitrary: fc.record({ kind: c('dropped' as const), boundary: c('in-transit' as const), attempt }) },
    { weight: 1, arbitrary: fc.record({ kind: c('server-fails-before-apply' as const), boundary: c('after-receipt' as const), attempt, mode: c('500' as const) }) },
    {
      weight: 2,
      arbitrary: fc.record({ kind: c('gateway-timeout' as const), boundary: c('gateway' as const), attempt, upstream: fc.constantFrom('finishes' as const, 'dies' as const), afterMs: fc.constantFrom(1_000, 5_000) }),
    },
    {
      weight: 2,
      arbitrary: fc.record(
        { kind: c('error-response' as const), boundary: c('response' as const), attempt, status: fc.constantFrom(429 as const, 503 as const, 400 as const, 409 as const), retryAfterS: fc.constantFrom(1, 2, 5) },
        { requiredKeys: ['kind', 'boundary', 'attempt', 'status'] },
      ),
    },
    { weight: 2, arbitrary: fc.record({ kind: c('probe-timeout' as const), boundary: c('probe' as const), attempt }) },
    { weight: 1, arbitrary: fc.record({ kind: c('service-restart' as const), boundary: c('service' as const), attempt }) },
  )
}

export function executorCrashArbitrary(): fc.Arbitrary<ExecutorCrash> {
  return fc.record({
    kind: fc.constant('executor-crash' as const),
    boundary: fc.constant('executor' as const),
    point: fc.constantFrom('after-write' as const, 'after-send' as const, 'after-response' as const),
    nth: fc.integer({ min: 1, max: 6 }),
    // A short restart, a long one, and one past the services' 24 h key retention.
    pauseMs: fc.constantFrom(0, 5_000, 25 * 60 * 60 * 1000),
  })
}

export function scenarioArbitrary(options: ScenarioArbitraryOptions = {}): fc.Arbitrary<Scenario> {
  const { maxFaults = 3, maxAttempt = 4, spineOnly = false } = options
  const profile = options.profile ?? []
  const has = (f: ProfileFeature) => profile.includes(f)
  // Only what the profile allows: the vendors' e-mail honours keys and offers no lookup. `probe-only`
  // (keys ignored, a lookup) is served but never generated: there a request the network delivers late
  // can land just after a conclusive "not there", and no executor that ever resends can prevent the
  // duplicate — the service broke its own contract (docs/faults.md).
  const emailModes: EmailMode[] = ['idempotent', ...(has('email-lookup') ? (['idempotent+probe'] as const) : []), ...(has('email-without-keys') ? (['neither'] as const) : [])]
  const requestFaults = fc.uniqueArray(requestFaultArbitrary(maxAttempt, spineOnly), {
    maxLength: maxFaults,
    selector: (f) => `${f.kind === 'probe-timeout' ? 'probe' : 'mutation'}:${f.attempt}`,
  })
  const crashes = spineOnly ? fc.constant([] as ExecutorCrash[]) : fc.uniqueArray(executorCrashArbitrary(), { maxLength: 1, selector: (c) => `${c.point}:${c.nth}` })
  return fc
    .record({
      seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
      steps: fc.array(step, { minLength: 1, maxLength: 3 }),
      // Irreversible calls go last: a confirmation e-mail ends some plans.
      email: spineOnly ? fc.constant(false) : fc.boolean(),
      emailMode: fc.constantFrom(...emailModes),
      abortOnFailure: spineOnly ? fc.constant(false) : fc.constantFrom(true, true, false),
      faults: requestFaults,
      crashes,
      maxAsks: fc.integer({ min: 1, max: 3 }),
      regenerateArgs: fc.boolean(),
      askAgainAfterSuccess: spineOnly ? fc.constant(false) : fc.boolean(),
      ignoresRetrySafe: spineOnly ? fc.constant(false) : fc.boolean(),
      // Roomy turns, and a short one that leaves later steps too little budget.
      turnBudgetMs: fc.constantFrom(45_000, 30_000, 20_000, 5_000),
      // Fast, slow, and a service that takes 2 s to commit (work started late lands late).
      processingMs: fc.constantFrom(20, 250, 2_000),
      visibilityLagMs: spineOnly ? fc.constant(0) : fc.constantFrom(0, 0, 1_000, 4_000),
      keyStore: spineOnly || !has('volatile-keys') ? fc.constant('durable' as const) : fc.constantFrom('durable' as const, 'volatile' as const),
    })
    .map((g): Scenario => {
      const faults: Fault[] = [...g.faults].sort((a, b) => a.attempt - b.attempt)
      // A volatile key store that restarts while an earlier request of the same operation is
      // still in transit makes that request a new operation when it lands: no executor that
      // ever resends can prevent the duplicate (the service broke its own contract). Keys stay
      // durable whenever a request may arrive late; docs/faults.md explains the choice.
      const arrivesLate = g.faults.some((f) => f.kind === 'late-delivery' || f.kind === 'latency' || (f.kind === 'gateway-timeout' && f.upstream === 'finishes'))
      const keyStore = arrivesLate ? 'durable' : g.keyStore
      faults.push(...g.crashes)
      return {
        version: 1,
        name: 'generated',
        seed: g.seed,
        ...(profile.length > 0 ? { profile: [...profile] } : {}),
        turnBudgetMs: g.turnBudgetMs,
        plan: [
          ...g.steps.map(
            (s, i): PlanStep =>
              s.tool === 'charge_card' && !spineOnly
                ? { stepId: `s${i + 1}`, tool: 'charge_card', args: { order_id: ORDERS[s.order]!.order_id, amount: s.amount, currency: 'eur' } }
                : { stepId: `s${i + 1}`, tool: 'issue_refund', args: { payment_intent: ORDERS[s.order]!.payment_intent, amount: s.amount, currency: 'eur', order_id: ORDERS[s.order]!.order_id } },
          ),
          ...(g.email ? [{ stepId: `s${g.steps.length + 1}`, tool: 'send_email', args: { to: CUSTOMER, template: 'refund_confirmation', order_id: ORDERS[g.steps[0]!.order]!.order_id } }] : []),
        ],
        ...(g.abortOnFailure ? { abortOnFailure: true } : {}),
        faults,
        model: {
          maxAsks: g.maxAsks,
          regenerateArgs: g.regenerateArgs,
          ...(g.askAgainAfterSuccess ? { askAgainAfterSuccess: true } : {}),
          ...(g.ignoresRetrySafe ? { ignoresRetrySafe: true } : {}),
        },
        services: {
          payments: {
            processingMs: g.processingMs,
            ...(g.visibilityLagMs ? { visibilityLagMs: g.visibilityLagMs } : {}),
            ...(keyStore === 'volatile' ? { keyStore } : {}),
            // Only the payment intents the plan uses, so a shrunk scenario reads short.
            paymentIntents: PAYMENT_INTENTS.filter((pi) => g.steps.some((s) => (s.tool === 'issue_refund' || spineOnly) && ORDERS[s.order]!.payment_intent === pi.id)),
          },
          ...(g.email ? { email: { processingMs: g.processingMs, ...(g.emailMode !== 'idempotent' ? { mode: g.emailMode } : {}) } } : {}),
        },
      }
    })
}

/** The default generator: the whole catalogue under the given profile (vendor-faithful by default). */
export function scenarioGenerator(options: ScenarioArbitraryOptions = {}): ScenarioGenerator {
  return { arbitrary: scenarioArbitrary(options), profile: options.profile ?? [] }
}
