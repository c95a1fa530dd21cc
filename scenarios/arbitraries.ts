// The default scenario generator: fast-check arbitraries that draw a plan of
// refunds and charges (and maybe a confirmation e-mail), each step with the
// faults that strike its tool call, maybe a crash of the executor during one
// step, the model's behaviour, the services' settings (only what the profile
// allows) and the seed. Faults live with their step, so shrinking drops a step
// and its faults together; everything shrinks toward "fewer faults, shorter
// plan, earlier request, default settings".
import fc from 'fast-check'
import { REQUEST_FAULTS, type Fault, type RequestFault } from '../harness/faults/catalogue.ts'
import { executorCrash, type ExecutorCrash } from '../harness/faults/executor-crash.ts'
import type { FaultContext, RequestFaultKind } from '../harness/faults/fault.ts'
import type { ScenarioGenerator } from '../harness/scenario/generator.ts'
import type { ProfileFeature } from '../harness/scenario/profile.ts'
import { SCENARIO_VERSION, type PlanStep, type Scenario, type SeededPaymentIntent } from '../harness/scenario/scenario.ts'
import type { EmailMode } from '../mock-services/email/email.ts'

/** Orders the generated plans refund, each paid by its own payment intent (500.00 EUR). */
export const ORDERS = [
  { order_id: 'ORD-1042', payment_intent: 'pi_ord1042' },
  { order_id: 'ORD-2077', payment_intent: 'pi_ord2077' },
  { order_id: 'ORD-3150', payment_intent: 'pi_ord3150' },
] as const

const AMOUNTS = [49.9, 12.5, 120, 7.99] as const

export const PAYMENT_INTENTS: readonly SeededPaymentIntent[] = ORDERS.map((o) => ({ id: o.payment_intent, amount: 50_000, currency: 'eur' }))

/** The address the confirmation e-mails go to. */
export const CUSTOMER = 'customer@mail.test'

export interface ScenarioArbitraryOptions {
  /** What the services may do beyond the vendors (default: nothing — vendor-faithful). */
  readonly profile?: readonly ProfileFeature[]
  /** At most this many faults on one step's tool call (default 2). */
  readonly maxFaultsPerStep?: number
  /** A fault strikes one of the first `maxNth` requests of its step (default 3). */
  readonly maxNth?: number
  /** Only the spine's first four boundaries (before-send, in-transit, after-receipt, after-effect), refunds only. Default false: the whole catalogue and every tool. */
  readonly spineOnly?: boolean
}

/** A fault drawn for a step, before the step is named. */
type StepFault = Omit<RequestFault, 'step'>

/** One fault of the catalogue (weighted), for a step's tool call. */
export function requestFaultArbitrary(ctx: FaultContext, maxNth = 3): fc.Arbitrary<Omit<RequestFault, 'step'>> {
  const kinds = (REQUEST_FAULTS as readonly RequestFaultKind[]).filter((k) => !ctx.spineOnly || k.spine)
  return fc.oneof(
    ...kinds.map((k) => ({
      weight: k.weight,
      arbitrary: fc
        .record({ nth: fc.integer({ min: 1, max: maxNth }), params: k.parameters(ctx) })
        .map(({ nth, params }) => ({ kind: k.kind, boundary: k.boundary, [k.targets]: nth, ...params }) as unknown as Omit<RequestFault, 'step'>),
    })),
  )
}

/** Where a crash strikes within a step, and how long the process stays down. */
export function executorCrashArbitrary(): fc.Arbitrary<Omit<ExecutorCrash, 'step'>> {
  return executorCrash.parameters().map((p) => ({ kind: 'executor-crash' as const, boundary: 'executor' as const, ...p }))
}

/** A step's faults: distinct requests, at most `max`. */
function stepFaults(ctx: FaultContext, max: number, maxNth: number): fc.Arbitrary<Omit<RequestFault, 'step'>[]> {
  return fc.uniqueArray(requestFaultArbitrary(ctx, maxNth), { maxLength: max, selector: (f) => ('probe' in f ? `probe ${String(f.probe)}` : `send ${String((f as unknown as { send: number }).send)}`) })
}

/** Faults that may deliver a request after its client gave up. */
function arrivesLate(f: StepFault | RequestFault): boolean {
  return f.kind === 'late-delivery' || f.kind === 'latency' || (f.kind === 'gateway-timeout' && (f as { upstream?: string }).upstream === 'finishes')
}

export function scenarioArbitrary(options: ScenarioArbitraryOptions = {}): fc.Arbitrary<Scenario> {
  const { maxFaultsPerStep = 2, maxNth = 3, spineOnly = false } = options
  const profile = options.profile ?? []
  const has = (f: ProfileFeature) => profile.includes(f)
  // Only what the profile allows: the vendors' e-mail honours keys and offers no lookup. `probe-only`
  // (keys ignored, a lookup) is served but never generated: there a request the network delivers late
  // can land just after a conclusive "not there", and no executor that ever resends can prevent the
  // duplicate — the service broke its own contract (docs/faults.md).
  const emailModes: EmailMode[] = ['idempotent', ...(has('email-lookup') ? (['idempotent+probe'] as const) : []), ...(has('email-without-keys') ? (['neither'] as const) : [])]
  // Roomy turns, and a short one that leaves later steps too little budget.
  return fc.constantFrom(45_000, 30_000, 20_000, 5_000).chain((turnBudgetMs) => {
    const ctx: FaultContext = { turnBudgetMs, spineOnly }
    const faults = () => stepFaults(ctx, maxFaultsPerStep, maxNth)
    const step = fc.record({ order: fc.nat({ max: ORDERS.length - 1 }), amount: fc.constantFrom(...AMOUNTS), tool: spineOnly ? fc.constant('issue_refund' as const) : fc.constantFrom('issue_refund' as const, 'issue_refund' as const, 'charge_card' as const), faults: faults() })
    return fc
      .record({
        seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        // Up to three steps, each of which shrinking can drop on its own — leading, trailing or in
        // between (fc.array's shrinker only drops leading items) — taking its faults with it.
        steps: fc
          .tuple(fc.option(step, { freq: 2, nil: null }), fc.option(step, { freq: 2, nil: null }), fc.option(step, { freq: 2, nil: null }))
          .map((xs) => xs.filter((x) => x !== null))
          .filter((xs) => xs.length > 0),
        // Irreversible calls go last: a confirmation e-mail ends some plans.
        email: spineOnly ? fc.constant(null) : fc.option(fc.record({ faults: faults() }), { nil: null }),
        emailMode: fc.constantFrom(...emailModes),
        abortOnFailure: spineOnly ? fc.constant(false) : fc.constantFrom(true, true, false),
        // The compensation's own requests can be struck too.
        abortFaults: spineOnly ? fc.constant([] as StepFault[]) : stepFaults(ctx, 1, maxNth),
        crash: spineOnly ? fc.constant(null) : fc.option(fc.record({ at: fc.nat(), crash: executorCrashArbitrary() }), { nil: null }),
        maxAsks: fc.integer({ min: 1, max: 3 }),
        regenerateArgs: fc.boolean(),
        askAgainAfterSuccess: spineOnly ? fc.constant(false) : fc.boolean(),
        ignoresRetrySafe: spineOnly ? fc.constant(false) : fc.boolean(),
        // Fast, slow, and a service that takes 2 s to commit (work started late lands late).
        processingMs: fc.constantFrom(20, 250, 2_000),
        visibilityLagMs: spineOnly ? fc.constant(0) : fc.constantFrom(0, 0, 1_000, 4_000),
        keyStore: spineOnly || !has('volatile-keys') ? fc.constant('durable' as const) : fc.constantFrom('durable' as const, 'volatile' as const),
      })
      .map((g): Scenario => {
        const plan: PlanStep[] = [
          ...g.steps.map(
            (s, i): PlanStep =>
              s.tool === 'charge_card'
                ? { stepId: `s${i + 1}`, tool: 'charge_card', args: { order_id: ORDERS[s.order]!.order_id, amount: s.amount, currency: 'eur' } }
                : { stepId: `s${i + 1}`, tool: 'issue_refund', args: { payment_intent: ORDERS[s.order]!.payment_intent, amount: s.amount, currency: 'eur', order_id: ORDERS[s.order]!.order_id } },
          ),
          ...(g.email ? [{ stepId: `s${g.steps.length + 1}`, tool: 'send_email', args: { to: CUSTOMER, template: 'refund_confirmation', order_id: ORDERS[g.steps[0]!.order]!.order_id } }] : []),
        ]
        const onStep = (stepId: string, fs: readonly StepFault[]) => fs.map((f) => ({ ...f, step: stepId }) as unknown as Fault)
        const faults: Fault[] = [
          ...g.steps.flatMap((s, i) => onStep(`s${i + 1}`, s.faults)),
          ...(g.email ? onStep(`s${g.steps.length + 1}`, g.email.faults) : []),
          ...(g.abortOnFailure ? onStep('#abort', g.abortFaults) : []),
          ...(g.crash ? [{ ...g.crash.crash, step: plan[g.crash.at % plan.length]!.stepId }] : []),
        ]
        // A volatile key store that restarts while an earlier request of the same operation is
        // still in transit makes that request a new operation when it lands: no executor that
        // ever resends can prevent the duplicate (the service broke its own contract). Keys stay
        // durable whenever a request may arrive late; docs/faults.md explains the choice.
        const keyStore = faults.some((f) => f.kind !== 'executor-crash' && arrivesLate(f)) ? 'durable' : g.keyStore
        return {
          version: SCENARIO_VERSION,
          name: 'generated',
          seed: g.seed,
          ...(profile.length > 0 ? { profile: [...profile] } : {}),
          turnBudgetMs,
          plan,
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
              // Only the payment intents the plan refunds, so a shrunk scenario reads short.
              paymentIntents: PAYMENT_INTENTS.filter((pi) => g.steps.some((s) => s.tool === 'issue_refund' && ORDERS[s.order]!.payment_intent === pi.id)),
            },
            ...(g.email ? { email: { processingMs: g.processingMs, ...(g.emailMode !== 'idempotent' ? { mode: g.emailMode } : {}) } } : {}),
          },
        }
      })
  })
}

/** The default generator: the whole catalogue under the given profile (vendor-faithful by default). */
export function scenarioGenerator(options: ScenarioArbitraryOptions = {}): ScenarioGenerator {
  return { arbitrary: scenarioArbitrary(options), profile: options.profile ?? [] }
}
