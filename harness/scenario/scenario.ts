// A scenario is plain, JSON-serialisable data: the plan, the faults, the
// model's behaviour, the services' settings, the turn budget and the seed.
// Named and generated scenarios share this type, so any failure can be saved
// as a file and run again.
import { TOOLS } from '../contract/tools.ts'
import { FAULT_KINDS, isRequestFault, REQUEST_FAULT_KINDS, requestFaultKind, type Fault, type RequestFault } from '../faults/catalogue.ts'
import { EMAIL_MODES, emailModeOffers, type EmailMode } from '../../mock-services/email/email.ts'
import { PROFILE_FEATURES, type ProfileFeature } from './profile.ts'

export interface PlanStep {
  /** Unique within the plan; with the run id it names the tool call. */
  readonly stepId: string
  readonly tool: string
  readonly args: Readonly<Record<string, unknown>>
}

export interface ModelBehaviour {
  /** How many times the model asks for one step at most (1 = never retries). */
  readonly maxAsks: number
  /** On a retry, the model re-words the arguments (`49.9` vs `"49.90"`, `eur` vs `EUR`, an added `reason`). */
  readonly regenerateArgs: boolean
  /** After a success the model asks once more for the same step (it forgot, or re-planned). Default false. */
  readonly askAgainAfterSuccess?: boolean
  /** The model retries even when the envelope says `retry_safe: false` (a disobedient model). Default false. */
  readonly ignoresRetrySafe?: boolean
}

export interface SeededPaymentIntent {
  readonly id: string
  /** Minor units. */
  readonly amount: number
  readonly currency: string
}

export interface Scenario {
  readonly version: 1
  readonly name: string
  /** What the scenario rehearses, for people (optional). */
  readonly about?: string
  /** Seeds every random draw of the run. */
  readonly seed: number
  /**
   * What the services may do beyond the real vendors (profile.ts). Absent or empty: vendor-faithful.
   * A setting that goes beyond the vendors (a volatile key store, an e-mail lookup) needs its feature here.
   */
  readonly profile?: readonly ProfileFeature[]
  /** The turn's budget in virtual ms; every tool call gets the same turn deadline. */
  readonly turnBudgetMs: number
  readonly plan: readonly PlanStep[]
  /** When a step fails or stays unknown, the agent aborts the run and asks the executor to compensate (default false). */
  readonly abortOnFailure?: boolean
  readonly faults: readonly Fault[]
  readonly model: ModelBehaviour
  readonly services: {
    readonly payments: ServiceScenarioSettings & {
      readonly paymentIntents: readonly SeededPaymentIntent[]
    }
    readonly email?: ServiceScenarioSettings & {
      /** What the e-mail service offers an executor (see EmailMode). Default `idempotent`, as Resend. */
      readonly mode?: EmailMode
    }
  }
}

/** Settings every mock service takes in a scenario. */
export interface ServiceScenarioSettings {
  /** Virtual ms between accepting a request and committing its effect. */
  readonly processingMs: number
  /** Reads see a write only this many ms after it was committed (default 0). */
  readonly visibilityLagMs?: number
  /** Whether idempotency keys survive a restart of the service (default `durable`; `volatile` needs the `volatile-keys` profile). */
  readonly keyStore?: 'durable' | 'volatile'
}

export type Parsed<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly problem: string }

/** Check untrusted JSON against the Scenario shape; the problem is one line that names the field and the fix. */
export function parseScenario(input: unknown): Parsed<Scenario> {
  const fail = (problem: string): Parsed<Scenario> => ({ ok: false, problem })
  if (!isObj(input)) return fail('a scenario must be a JSON object')
  if (input.version !== 1) return fail(`"version" must be 1, got ${show(input.version)}`)
  if (typeof input.name !== 'string') return fail('"name" must be a string')
  if (input.about !== undefined && typeof input.about !== 'string') return fail('"about" must be a string when given')
  if (!isInt(input.seed)) return fail(`"seed" must be an integer, got ${show(input.seed)}`)
  if (!isInt(input.turnBudgetMs) || (input.turnBudgetMs as number) <= 0) return fail(`"turnBudgetMs" must be a positive integer, got ${show(input.turnBudgetMs)}`)
  if (!Array.isArray(input.plan) || input.plan.length === 0) return fail('"plan" must be a non-empty array of steps')
  const stepIds = new Set<string>()
  for (const [i, step] of input.plan.entries()) {
    if (!isObj(step) || typeof step.stepId !== 'string' || !/^[A-Za-z0-9_.:-]{1,64}$/.test(step.stepId)) {
      return fail(`plan[${i}].stepId must be 1-64 characters of letters, digits and _ . : -`)
    }
    if (stepIds.has(step.stepId)) return fail(`plan[${i}].stepId "${step.stepId}" is used twice; step ids must be unique`)
    stepIds.add(step.stepId)
    if (typeof step.tool !== 'string' || !Object.hasOwn(TOOLS, step.tool)) return fail(`plan[${i}].tool must be one of ${Object.keys(TOOLS).join(', ')}, got ${show(step.tool)}`)
    if (!isObj(step.args)) return fail(`plan[${i}].args must be an object`)
  }
  if (input.abortOnFailure !== undefined && typeof input.abortOnFailure !== 'boolean') return fail('"abortOnFailure" must be a boolean when given')
  if (!Array.isArray(input.faults)) return fail('"faults" must be an array (use [] for none)')
  for (const [i, f] of input.faults.entries()) {
    if (!isObj(f)) return fail(`faults[${i}] must be an object`)
    const kind = typeof f.kind === 'string' && Object.hasOwn(FAULT_KINDS, f.kind) ? FAULT_KINDS[f.kind as Fault['kind']] : undefined
    if (!kind) return fail(`faults[${i}].kind must be one of ${Object.keys(FAULT_KINDS).join(', ')}, got ${show(f.kind)}`)
    if (f.boundary !== kind.boundary) return fail(`faults[${i}].boundary must be "${kind.boundary}" for kind "${kind.kind}", got ${show(f.boundary)}`)
    const request = Object.hasOwn(REQUEST_FAULT_KINDS, kind.kind) ? REQUEST_FAULT_KINDS[kind.kind as RequestFault['kind']] : null
    if (request && (!isInt(f.attempt) || (f.attempt as number) < 1)) {
      const what = request.targets === 'probe' ? 'read (probe)' : 'side-effecting request'
      return fail(`faults[${i}].attempt must be a positive integer (the n-th ${what} of the run), got ${show(f.attempt)}`)
    }
    const problem = kind.check(f)
    if (problem) return fail(`faults[${i}]: ${problem}`)
  }
  const faults = input.faults as Fault[]
  for (const targets of ['mutation', 'probe'] as const) {
    const attempts = faults.filter(isRequestFault).filter((f) => requestFaultKind(f).targets === targets).map((f) => f.attempt)
    const dup = attempts.find((a, i) => attempts.indexOf(a) !== i)
    if (dup !== undefined) return fail(`two faults strike ${targets === 'probe' ? 'probe' : 'attempt'} ${dup}; give each at most one fault`)
  }
  const crashes = faults.filter((f) => f.kind === 'executor-crash').map((f) => `${f.point} ${f.nth}`)
  const dupCrash = crashes.find((c, i) => crashes.indexOf(c) !== i)
  if (dupCrash !== undefined) return fail(`two executor crashes at the same point (${dupCrash}); give each point at most one crash`)
  if (!isObj(input.model) || !isInt(input.model.maxAsks) || (input.model.maxAsks as number) < 1 || typeof input.model.regenerateArgs !== 'boolean') {
    return fail('"model" must be { "maxAsks": positive integer, "regenerateArgs": boolean }')
  }
  for (const flag of ['askAgainAfterSuccess', 'ignoresRetrySafe'] as const) {
    if (input.model[flag] !== undefined && typeof input.model[flag] !== 'boolean') return fail(`"model.${flag}" must be a boolean when given`)
  }
  const p = isObj(input.services) && isObj(input.services.payments) ? input.services.payments : null
  if (!p) return fail('"services.payments" must be an object')
  const common = checkServiceSettings('payments', p)
  if (common) return fail(common)
  if (!Array.isArray(p.paymentIntents)) return fail('"services.payments.paymentIntents" must be an array')
  for (const [i, pi] of p.paymentIntents.entries()) {
    if (!isObj(pi) || typeof pi.id !== 'string' || !isInt(pi.amount) || typeof pi.currency !== 'string') {
      return fail(`services.payments.paymentIntents[${i}] must be { "id": string, "amount": integer (minor units), "currency": string }`)
    }
  }
  if (input.services && (input.services as Record<string, unknown>).email !== undefined) {
    const e = (input.services as Record<string, unknown>).email
    if (!isObj(e)) return fail('"services.email" must be an object')
    const problem = checkServiceSettings('email', e)
    if (problem) return fail(problem)
    if (e.mode !== undefined && !EMAIL_MODES.includes(e.mode as EmailMode)) return fail(`"services.email.mode" must be one of ${EMAIL_MODES.join(', ')}, got ${show(e.mode)}`)
  }
  const profileProblem = checkProfile(input)
  if (profileProblem) return fail(profileProblem)
  return { ok: true, value: input as unknown as Scenario }
}

/** Settings beyond the vendors need their profile feature, so no scenario leaves the vendor profile unawares. */
function checkProfile(input: Record<string, unknown>): string | null {
  const profile = input.profile
  if (profile !== undefined) {
    if (!Array.isArray(profile)) return `"profile" must be an array of features (${PROFILE_FEATURES.join(', ')}), or absent for the vendor profile`
    for (const f of profile) if (!(PROFILE_FEATURES as readonly unknown[]).includes(f)) return `"profile" has an unknown feature ${show(f)}: use ${PROFILE_FEATURES.join(', ')}`
  }
  const has = (f: ProfileFeature) => Array.isArray(profile) && profile.includes(f)
  const need = (f: ProfileFeature, what: string) => (has(f) ? null : `${what} goes beyond the vendors; add "${f}" to "profile" to opt in`)
  const services = input.services as Record<string, Record<string, unknown> | undefined>
  for (const name of ['payments', 'email']) {
    if (services[name]?.keyStore === 'volatile') {
      const problem = need('volatile-keys', `"services.${name}.keyStore": "volatile"`)
      if (problem) return problem
    }
  }
  const mode = services.email?.mode as EmailMode | undefined
  if (mode !== undefined) {
    const offers = emailModeOffers(mode)
    if (offers.lookup) {
      const problem = need('email-lookup', `"services.email.mode": "${mode}" (a lookup by client reference)`)
      if (problem) return problem
    }
    if (!offers.keys) {
      const problem = need('email-without-keys', `"services.email.mode": "${mode}" (idempotency keys ignored)`)
      if (problem) return problem
    }
  }
  return null
}

function checkServiceSettings(name: string, s: Record<string, unknown>): string | null {
  if (!isInt(s.processingMs) || (s.processingMs as number) < 0) return `"services.${name}.processingMs" must be a non-negative integer`
  if (s.visibilityLagMs !== undefined && (!isInt(s.visibilityLagMs) || (s.visibilityLagMs as number) < 0)) return `"services.${name}.visibilityLagMs" must be a non-negative integer`
  if (s.keyStore !== undefined && s.keyStore !== 'durable' && s.keyStore !== 'volatile') return `"services.${name}.keyStore" must be "durable" or "volatile", got ${show(s.keyStore)}`
  return null
}

function isObj(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}
function isInt(v: unknown): boolean {
  return typeof v === 'number' && Number.isSafeInteger(v)
}
function show(v: unknown): string {
  return v === undefined ? 'nothing' : JSON.stringify(v)
}
