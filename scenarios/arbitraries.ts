// The default scenario generator: plan,
// faults, crashes, model, services, seed.
// Faults live with their step, so shrinking
// drops a step and its faults together.
//
// Longer than most because size, swarm, a
// call's trouble and the plan must shrink
// as one arbitrary.
// Design: docs/internals/reports-and-scenarios.md
import fc from 'fast-check'
import type { IdentityPolicy } from '../harness/contract/executor.ts'
import type { Boundary } from '../harness/contract/names.ts'
import { DEFAULT_VENDORS, isDefaultVendors, type Vendors } from '../harness/contract/vendors.ts'
import {
  isRequestFault,
  REQUEST_FAULTS,
  TOOL_TRANSPORT_FAULTS,
  type Fault,
  type RequestFault,
  type ToolTransportFault,
} from '../harness/faults/catalogue.ts'
import { executorCrash, type ExecutorCrash } from '../harness/faults/executor-crash.ts'
import type { FaultContext, RequestFaultKind } from '../harness/faults/fault.ts'
import type { ScenarioGenerator } from '../harness/scenario/generator.ts'
import type { ProfileFeature } from '../harness/scenario/profile.ts'
import { SCENARIO_VERSION, type Scenario } from '../harness/scenario/scenario.ts'
import type { EmailMode } from '../mock-services/email/email.ts'
import { campaignSize, type CampaignSize } from './campaign-size.ts'
import { AMOUNTS, ORDERS, PAYMENT_INTENTS, planStep, type PlanTool } from './plan-steps.ts'
import { swarmArbitrary, type Swarm } from './swarm.ts'
import { faithfulToVendors } from './vendor-faults.ts'

export { CUSTOMER, ORDERS, PAYMENT_INTENTS } from './plan-steps.ts'

/** Roomy turns, and some too short for later steps. */
const TURN_BUDGETS_MS = [45_000, 30_000, 20_000, 12_000, 8_000, 5_000] as const

/**
 * Per size (1-4), at most: plan steps, sends
 * (or reads) a fault may strike, faults on a
 * call, asks per step.
 */
const BY_SIZE: Record<CampaignSize, { steps: number; slots: number; faults: number; asks: number }> = {
  1: { steps: 3, slots: 2, faults: 1, asks: 2 },
  2: { steps: 4, slots: 3, faults: 2, asks: 3 },
  3: { steps: 5, slots: 3, faults: 3, asks: 3 },
  4: { steps: 6, slots: 4, faults: 4, asks: 4 },
}

export interface ScenarioArbitraryOptions {
  /** Beyond-vendor features (default: none). */
  readonly profile?: readonly ProfileFeature[]
  /** Faults per step at most (default: 1-4 by size). */
  readonly maxFaultsPerStep?: number
  /**
   * Faults strike a step's first `maxNth`
   * sends or reads (default: 2-4 by size).
   */
  readonly maxNth?: number
  /**
   * The spine only: the first four
   * boundaries, refunds (default false).
   */
  readonly spineOnly?: boolean
  /** The tools the executor offers (default: all). */
  readonly tools?: readonly string[]
  /**
   * `per-run`: no two steps alike, for an
   * executor that names an operation by its
   * identity fields (docs/adapters.md).
   */
  readonly identity?: IdentityPolicy
  /**
   * Opt-in boundaries the executor has:
   * `tool-transport` draws faults on its MCP
   * tools/call messages (default: none, and
   * the draws stay as they were).
   */
  readonly boundaries?: readonly Boundary[]
  /**
   * The vendors the services play (default
   * Stripe + Resend, and the scenario says
   * nothing): only faults they can give.
   */
  readonly vendors?: Vendors
}

/** A fault drawn for a step, before the step is named. */
type StepFault = Omit<RequestFault, 'step'>
type StepCrash = Omit<ExecutorCrash, 'step'>
type StepTransportFault = Omit<ToolTransportFault, 'step'>

/** Percent of steps whose tools/call is struck. */
const TRANSPORT_CHANCE = 40

/**
 * One tool-transport fault (weighted) on
 * one of a step's first `maxCall` tools/call.
 */
export function toolTransportFaultArbitrary(ctx: FaultContext, maxCall = 2): fc.Arbitrary<StepTransportFault> {
  return fc.oneof(
    ...TOOL_TRANSPORT_FAULTS.map((k) => ({
      weight: k.weight,
      arbitrary: fc
        .record({ call: fc.integer({ min: 1, max: maxCall }), params: k.parameters(ctx) as fc.Arbitrary<object> })
        .map(
          ({ call, params }) =>
            ({ kind: k.kind, boundary: 'tool-transport', call, ...params }) as unknown as StepTransportFault,
        ),
    })),
  )
}

/** One catalogue fault (weighted) for a step. */
export function requestFaultArbitrary(ctx: FaultContext, maxNth = 3): fc.Arbitrary<Omit<RequestFault, 'step'>> {
  const kinds = (REQUEST_FAULTS as readonly RequestFaultKind[]).filter((k) => !ctx.spineOnly || k.spine)
  return fc.oneof(
    ...kinds.map((k) => ({
      weight: k.weight,
      arbitrary: fc
        .record({ nth: fc.integer({ min: 1, max: maxNth }), params: k.parameters(ctx) })
        .map(
          ({ nth, params }) =>
            ({ kind: k.kind, boundary: k.boundary, [k.targets]: nth, ...params }) as unknown as Omit<
              RequestFault,
              'step'
            >,
        ),
    })),
  )
}

/**
 * Where in a step a crash strikes, and how
 * long the process stays down.
 */
export function executorCrashArbitrary(): fc.Arbitrary<StepCrash> {
  return executorCrash
    .parameters()
    .map((p) => ({ kind: 'executor-crash' as const, boundary: 'executor' as const, ...p }))
}

/** `arb` at `chance` percent, else null (shrink target). */
function maybe<T>(chance: number, arb: fc.Arbitrary<T> | null): fc.Arbitrary<T | null> {
  if (arb === null || chance <= 0) return fc.constant(null)
  return fc.oneof(
    { withCrossShrink: true },
    { weight: 100 - chance, arbitrary: fc.constant(null) },
    { weight: chance, arbitrary: arb },
  )
}

/**
 * An unaddressed fault of `kinds`, weighed by
 * the swarm; null when none of them is on.
 */
function swarmFault(
  kinds: readonly RequestFaultKind[],
  swarm: Swarm,
  ctx: FaultContext,
): fc.Arbitrary<Record<string, unknown>> | null {
  const on = kinds.filter((k) => (swarm.faultWeights[k.kind] ?? 0) > 0)
  if (on.length === 0) return null
  return fc.oneof(...on.map((k) => ({ weight: swarm.faultWeights[k.kind]!, arbitrary: kindFault(k, ctx) })))
}

// Built once, not per scenario: arbitraries
// are pure, so the draws stay byte for byte
// (-15 % of a scenario's drawing).
let crashArbitrary: fc.Arbitrary<StepCrash> | null = null
const kindFaults = new Map<string, fc.Arbitrary<Record<string, unknown>>>()

/** A kind's unaddressed fault, for `ctx`. */
function kindFault(k: RequestFaultKind, ctx: FaultContext): fc.Arbitrary<Record<string, unknown>> {
  const key = `${k.kind} ${JSON.stringify(ctx)}`
  let a = kindFaults.get(key)
  if (!a) kindFaults.set(key, (a = k.parameters(ctx).map((p) => ({ kind: k.kind, boundary: k.boundary, ...p }))))
  return a
}

/**
 * Boundaries that leave the client in doubt:
 * a crash right after matters most.
 */
const IN_DOUBT = new Set<string>(['in-transit', 'after-receipt', 'after-effect', 'gateway'])

/**
 * A resend fails validation only if its
 * first send did (Stripe), so a later
 * send's 400 becomes a 429.
 */
function resent(f: Record<string, unknown>, index: number): Record<string, unknown> {
  return index > 0 && f.kind === 'error-response' && f.status === 400 ? { ...f, status: 429 } : f
}

/**
 * One tool call's trouble: faults on its
 * sends and reads, and maybe a crash.
 */
interface CallTrouble {
  readonly faults: StepFault[]
  readonly crash: StepCrash | null
}

/**
 * A call is calm, or its sends are struck
 * from the first on (a later send exists
 * only if the one before failed): one by
 * one, or one burst. Reads half as densely.
 */
function callTrouble(
  kinds: readonly RequestFaultKind[],
  swarm: Swarm,
  ctx: FaultContext,
  slots: number,
  max: number,
): fc.Arbitrary<CallTrouble> {
  const sendFault = swarmFault(
    kinds.filter((k) => k.targets === 'send'),
    swarm,
    ctx,
  )
  const probeFault = swarmFault(
    kinds.filter((k) => k.targets === 'probe'),
    swarm,
    ctx,
  )
  const addressed = (fs: readonly (Record<string, unknown> | null)[], target: 'send' | 'probe') =>
    fs.flatMap((f, i) => (f ? [{ ...resent(f, i), [target]: i + 1 } as unknown as StepFault] : []))
  const oneByOne = sendFault
    ? fc.tuple(sendFault, ...Array.from({ length: slots - 1 }, () => maybe(swarm.density, sendFault))).map((fs) => {
        const upTo = fs.indexOf(null)
        return addressed(fs.slice(0, Math.min(max, upTo === -1 ? fs.length : upTo)), 'send')
      })
    : fc.constant([])
  const burst = sendFault
    ? // Full length as often as shorter; it
      // shrinks toward one send.
      fc
        .record({
          fault: sendFault,
          length: fc.oneof({ withCrossShrink: true }, fc.integer({ min: 1, max: slots }), fc.constant(slots)),
        })
        .map(({ fault, length }) =>
          addressed(
            Array.from({ length }, () => fault),
            'send',
          ),
        )
    : null
  const sends =
    burst && swarm.burstiness > 0
      ? fc.oneof(
          { weight: 100 - swarm.burstiness, arbitrary: oneByOne },
          { weight: swarm.burstiness, arbitrary: burst },
        )
      : oneByOne
  const probes = fc
    .tuple(...Array.from({ length: slots }, () => maybe(Math.round(swarm.density / 2), probeFault)))
    .map((fs) => addressed(fs, 'probe').slice(0, max))
  const struck = fc.tuple(sends, probes).map(([s, p]) => [...s, ...p])
  return fc
    .record({
      faults: maybe(100 - swarm.calm, struck),
      crash: maybe(swarm.crashChance, (crashArbitrary ??= executorCrashArbitrary())),
      alignCrash: fc.boolean(),
    })
    .map(({ faults, crash, alignCrash }) => {
      const first = faults?.find((f) => 'send' in f && IN_DOUBT.has(f.boundary)) as { send: number } | undefined
      return {
        faults: faults ?? [],
        crash: crash && alignCrash && first ? { ...crash, point: 'after-send' as const, nth: first.send } : crash,
      }
    })
}

/** A plan step as drawn, before it is named. */
interface DrawnStep {
  readonly tool: PlanTool
  readonly order: number
  readonly amount: (typeof AMOUNTS)[number]
  readonly trouble: CallTrouble
  readonly transport?: StepTransportFault | null
}

/** Faults that may deliver a request after its client gave up. */
function arrivesLate(f: StepFault | RequestFault): boolean {
  return (
    f.kind === 'late-delivery' ||
    f.kind === 'latency' ||
    (f.kind === 'gateway-timeout' && (f as { upstream?: string }).upstream === 'finishes')
  )
}

export function scenarioArbitrary(options: ScenarioArbitraryOptions = {}): fc.Arbitrary<Scenario> {
  const spineOnly = options.spineOnly ?? false
  const profile = options.profile ?? []
  const vendors = options.vendors ?? DEFAULT_VENDORS
  const has = (f: ProfileFeature) => profile.includes(f)
  const kinds = (REQUEST_FAULTS as readonly RequestFaultKind[]).filter((k) => !spineOnly || k.spine)
  // Only what the profile allows. `probe-only`
  // is served, never generated: there every
  // executor duplicates (docs/faults.md).
  const emailModes: EmailMode[] = [
    'idempotent',
    ...(has('email-lookup') ? (['idempotent+probe'] as const) : []),
    ...(has('email-without-keys') ? (['neither'] as const) : []),
  ]
  const prefix = fc.tuple(campaignSize(), swarmArbitrary(kinds, { spineOnly }), fc.constantFrom(...TURN_BUDGETS_MS))
  return fc.noShrink(prefix).chain(([size, swarm, turnBudgetMs]) => {
    const ctx: FaultContext = { turnBudgetMs, spineOnly }
    const { steps: maxSteps, slots: sizeSlots, faults: sizeFaults, asks } = BY_SIZE[size]
    const slots = options.maxNth ?? sizeSlots
    const maxFaults = options.maxFaultsPerStep ?? sizeFaults
    const tools = offeredTools(swarm.tools, options.tools)
    // Drawn only when asked for: other
    // executors' campaigns stay byte for byte.
    const transport =
      !spineOnly && options.boundaries?.includes('tool-transport')
        ? { transport: maybe(TRANSPORT_CHANCE, toolTransportFaultArbitrary(ctx, Math.min(2, asks))) }
        : {}
    const step = fc.record({
      tool: fc.oneof(...tools.map(([tool, weight]) => ({ weight, arbitrary: fc.constant(tool) }))),
      order: fc.nat({ max: ORDERS.length - 1 }),
      amount: fc.constantFrom(...AMOUNTS),
      trouble: callTrouble(kinds, swarm, ctx, slots, maxFaults),
      ...transport,
    }) as fc.Arbitrary<DrawnStep>
    return fc
      .record({
        // Unbiased: a biased draw repeats small
        // seeds (22 % of 1,000 runs), and so a
        // run's id and its randomness, which an
        // executor's module-level memo then mixes.
        seed: fc.noBias(fc.integer({ min: 0, max: 2 ** 31 - 1 })),
        // Shrinking drops any step alone, with
        // its faults and crash.
        steps: fc
          .tuple(...Array.from({ length: maxSteps }, () => fc.option(step, { freq: 2, nil: null })))
          .map((xs) => xs.filter((x) => x !== null))
          .filter((xs) => xs.length > 0),
        abortOnFailure: spineOnly ? fc.constant(false) : fc.constantFrom(false, true, true),
        // The abort can be struck and crash too.
        abort: spineOnly ? fc.constant<CallTrouble>({ faults: [], crash: null }) : callTrouble(kinds, swarm, ctx, 2, 2),
        emailMode: fc.constantFrom(...emailModes),
        maxAsks: fc.integer({ min: 1, max: asks }),
        regenerateArgs: fc.boolean(),
        askAgainAfterSuccess: spineOnly ? fc.constant(false) : fc.boolean(),
        ignoresRetrySafe: spineOnly ? fc.constant(false) : fc.boolean(),
        continueAfterFailure: spineOnly ? fc.constant(false) : fc.boolean(),
        regenerateAfterCrash: fc.boolean(),
        // Fast, slow, and 2 s to commit (work
        // started late lands late).
        processingMs: fc.constantFrom(20, 250, 2_000),
        visibilityLagMs: spineOnly ? fc.constant(0) : fc.constantFrom(0, 0, 1_000, 4_000),
        keyStore:
          spineOnly || !has('volatile-keys')
            ? fc.constant('durable' as const)
            : fc.constantFrom('durable' as const, 'volatile' as const),
      })
      .map((drawn): Scenario => {
        const g = options.identity === 'per-run' ? { ...drawn, steps: distinctOperations(drawn.steps) } : drawn
        const plan = g.steps.map((s, i) => planStep(s.tool, s.order, s.amount, `s${i + 1}`))
        const on = (
          stepId: string,
          fs: readonly StepFault[],
          c: StepCrash | null,
          t: StepTransportFault | null = null,
        ): Fault[] => [
          ...fs.map((f) => ({ ...f, step: stepId }) as unknown as Fault),
          ...(c ? [{ ...c, step: stepId }] : []),
          ...(t ? [{ ...t, step: stepId } as ToolTransportFault] : []),
        ]
        const drawnFaults: Fault[] = [
          ...g.steps.flatMap((s, i) => on(`s${i + 1}`, s.trouble.faults, s.trouble.crash, s.transport ?? null)),
          ...(g.abortOnFailure ? on('#abort', g.abort.faults, g.abort.crash) : []),
        ]
        const faults = faithfulToVendors(drawnFaults, plan, vendors)
        const crashes = faults.some((f) => f.kind === 'executor-crash')
        const emails = plan.some((p) => p.tool === 'send_email')
        // Keys stay durable if a request may land
        // late: else no executor can prevent the
        // duplicate (docs/faults.md).
        const keyStore = faults.some((f) => isRequestFault(f) && arrivesLate(f)) ? 'durable' : g.keyStore
        return {
          version: SCENARIO_VERSION,
          name: 'generated',
          seed: g.seed,
          ...(profile.length > 0 ? { profile: [...profile] } : {}),
          ...(isDefaultVendors(vendors) ? {} : { vendors: { payments: vendors.payments, email: vendors.email } }),
          turnBudgetMs,
          plan,
          ...(g.abortOnFailure ? { abortOnFailure: true } : {}),
          faults,
          model: {
            maxAsks: g.maxAsks,
            regenerateArgs: g.regenerateArgs,
            ...(g.askAgainAfterSuccess ? { askAgainAfterSuccess: true } : {}),
            ...(g.ignoresRetrySafe ? { ignoresRetrySafe: true } : {}),
            ...(g.continueAfterFailure && !g.abortOnFailure ? { continueAfterFailure: true } : {}),
            ...(g.regenerateAfterCrash && crashes ? { regenerateAfterCrash: true } : {}),
          },
          services: {
            payments: {
              processingMs: g.processingMs,
              ...(g.visibilityLagMs ? { visibilityLagMs: g.visibilityLagMs } : {}),
              ...(keyStore === 'volatile' ? { keyStore } : {}),
              // Only the intents the plan refunds,
              // so a shrunk scenario reads short.
              paymentIntents: PAYMENT_INTENTS.filter((pi) =>
                g.steps.some((s) => s.tool === 'issue_refund' && ORDERS[s.order]!.payment_intent === pi.id),
              ),
            },
            ...(emails
              ? {
                  email: {
                    processingMs: g.processingMs,
                    ...(g.emailMode !== 'idempotent' && vendors.email === 'resend' ? { mode: g.emailMode } : {}),
                  },
                }
              : {}),
          },
        }
      })
  })
}

/** The swarm's tools the executor offers. */
function offeredTools(weights: Readonly<Record<PlanTool, number>>, offered?: readonly string[]): [PlanTool, number][] {
  const all = Object.entries(weights) as [PlanTool, number][]
  if (!offered) return all.filter(([, w]) => w > 0)
  const on = all.filter(([t, w]) => w > 0 && offered.includes(t))
  // A swarm that left none of them on: each at 1.
  return on.length > 0 ? on : all.filter(([t]) => offered.includes(t)).map(([t]) => [t, 1])
}

/**
 * The first step of each operation: with a
 * per-run identity, steps alike are one.
 */
function distinctOperations<S extends { tool: PlanTool; order: number; amount: number }>(steps: readonly S[]): S[] {
  const seen = new Set<string>()
  return steps.filter((s) => {
    const key = s.tool === 'send_email' ? `${s.tool} ${s.order}` : `${s.tool} ${s.order} ${s.amount}`
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

/**
 * The default generator: the whole catalogue
 * under `profile` (default: vendor-faithful).
 */
export function scenarioGenerator(options: ScenarioArbitraryOptions = {}): ScenarioGenerator {
  return {
    arbitrary: scenarioArbitrary(options),
    profile: options.profile ?? [],
    identity: options.identity ?? 'per-step',
    ...(options.vendors ? { vendors: options.vendors } : {}),
  }
}
