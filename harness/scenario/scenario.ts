// A scenario: plain, JSON-serialisable data, so any
// failure can be saved and run again. The schema is
// the one source (docs/internals/engine.md).
import { z } from 'zod'
import { EMAIL_MODES, emailModeOffers, type EmailMode } from '../../mock-services/email/email.ts'
import { TOOLS } from '../contract/tools.ts'
import { EMAIL_VENDOR_SPECS, PAYMENTS_VENDOR_SPECS } from '../../mock-services/vendors/registry.ts'
import type { ServiceErrorKind } from '../../mock-services/service.ts'
import { DEFAULT_VENDORS, EMAIL_VENDORS, PAYMENTS_VENDORS, type Vendors } from '../contract/vendors.ts'
import { REQUEST_FAULTS, TOOL_TRANSPORT_FAULTS, type Fault } from '../faults/catalogue.ts'
import { executorCrash } from '../faults/executor-crash.ts'
import { nthOf } from '../faults/fault.ts'
import { describeIssues } from './issues.ts'
import { PROFILE_FEATURES, type ProfileFeature } from './profile.ts'

/**
 * Format version: 2 addresses faults by
 * step (1 did by the run's n-th request).
 */
export const SCENARIO_VERSION = 2

const STEP_ID = /^[A-Za-z0-9_.:-]{1,64}$/

const serviceSettings = {
  processingMs: z
    .int()
    .min(0)
    .max(600_000)
    .describe('virtual ms between accepting a request and committing its effect'),
  visibilityLagMs: z
    .int()
    .min(0)
    .max(600_000)
    .optional()
    .describe('reads see a write only this many ms after it was committed (default 0)'),
  keyStore: z
    .enum(['durable', 'volatile'])
    .optional()
    .describe(
      'whether idempotency keys survive a restart of the service (default durable; volatile needs the volatile-keys profile)',
    ),
}

const PLAN_STEP = z.strictObject({
  stepId: z
    .string()
    .regex(STEP_ID, 'must be 1-64 characters of letters, digits and _ . : -')
    .describe('unique within the plan; with the run id it names the tool call'),
  tool: z.enum(Object.keys(TOOLS) as [string, ...string[]]).describe('the tool the model asks for'),
  args: z
    .record(z.string(), z.unknown())
    .describe('the arguments as the model writes them on its first ask (it may re-word them later)'),
})

const MODEL = z.strictObject({
  maxAsks: z
    .int()
    .min(1)
    .max(20)
    .describe(
      "how many answered asks the model makes for one step before it gives up on failures (1 = never retries a failure); askAgainAfterSuccess's ask and an ask a crash cut off come on top",
    ),
  regenerateArgs: z
    .boolean()
    .describe('on a retry, the model re-words the arguments (49.9 vs "49.90", eur vs EUR, an added reason)'),
  askAgainAfterSuccess: z
    .boolean()
    .optional()
    .describe('after a success the model asks once more for the same step (default false)'),
  ignoresRetrySafe: z
    .boolean()
    .optional()
    .describe('the model retries even when the envelope says retry_safe: false (default false)'),
  continueAfterFailure: z
    .boolean()
    .optional()
    .describe(
      'when a step fails or stays unknown, the model goes on with the next step (independent tasks) instead of stopping the plan; an abort, if the plan asks for one, still ends it (default false)',
    ),
  regenerateAfterCrash: z
    .boolean()
    .optional()
    .describe(
      'after an executor crash, the resumed agent re-words the arguments of the step it asks for again (default false: the same bytes)',
    ),
})

// Typed as the catalogue's union (zod's is over each schema).
const FAULT = z.discriminatedUnion('kind', [
  ...REQUEST_FAULTS.map((k) => k.schema),
  ...TOOL_TRANSPORT_FAULTS.map((k) => k.schema),
  executorCrash.schema,
] as unknown as [z.ZodObject, ...z.ZodObject[]]) as unknown as z.ZodType<Fault>

const SHAPE = z.strictObject({
  $schema: z.string().optional().describe('the JSON Schema, for editors (ignored by faultline)'),
  version: z.literal(SCENARIO_VERSION),
  name: z.string().min(1).max(200),
  about: z.string().optional().describe('what the scenario rehearses, for people'),
  seed: z
    .int()
    .min(0)
    .max(2 ** 31 - 1)
    .describe('seeds every random draw of the run'),
  profile: z
    .array(z.enum(PROFILE_FEATURES))
    .optional()
    .describe('what the services may do beyond the real vendors (absent: vendor-faithful; docs/vendors.md)'),
  turnBudgetMs: z
    .int()
    .min(1)
    .max(24 * 60 * 60 * 1000)
    .describe("the turn's budget in virtual ms; every tool call of a turn gets its deadline"),
  plan: z.array(PLAN_STEP).min(1).max(50),
  abortOnFailure: z
    .boolean()
    .optional()
    .describe(
      'when a step fails or stays unknown, the agent aborts the run and asks the executor to compensate (default false)',
    ),
  faults: z.array(FAULT).max(100).describe('what goes wrong, each addressed by step (docs/faults.md)'),
  model: MODEL,
  vendors: z
    .strictObject({
      payments: z.enum(PAYMENTS_VENDORS).optional().describe('who the payments service plays (default stripe)'),
      email: z.enum(EMAIL_VENDORS).optional().describe('who the e-mail service plays (default resend)'),
    })
    .optional()
    .describe('the vendors the mock services play (absent: Stripe and Resend; docs/vendors.md)'),
  services: z.strictObject({
    payments: z.strictObject({
      ...serviceSettings,
      paymentIntents: z
        .array(
          z.strictObject({
            id: z.string().min(1),
            amount: z.int().min(1).describe('minor units'),
            currency: z.string().regex(/^[A-Za-z]{3}$/),
          }),
        )
        .describe('charged payment intents the plan may refund'),
    }),
    email: z
      .strictObject({
        ...serviceSettings,
        mode: z
          .enum(EMAIL_MODES as [EmailMode, ...EmailMode[]])
          .optional()
          .describe('what the e-mail service offers (default idempotent, as Resend)'),
      })
      .optional(),
  }),
})

/** A scenario (version 2). */
export type Scenario = z.infer<typeof SHAPE>
export type PlanStep = Scenario['plan'][number]
export type ModelBehaviour = Scenario['model']
export type SeededPaymentIntent = Scenario['services']['payments']['paymentIntents'][number]
export type ServiceScenarioSettings = Omit<Scenario['services']['payments'], 'paymentIntents'>

/** The status of each error kind a fault asks for. */
const ERROR_STATUS: Readonly<Record<ServiceErrorKind, number>> = {
  'rate-limited': 429,
  unavailable: 503,
  validation: 400,
  'key-in-use': 409,
}

/** The vendors a scenario's services play. */
export function scenarioVendors(s: Pick<Scenario, 'vendors'>): Vendors {
  return {
    payments: s.vendors?.payments ?? DEFAULT_VENDORS.payments,
    email: s.vendors?.email ?? DEFAULT_VENDORS.email,
  }
}

/**
 * The schema, with rules that span fields (unique
 * steps, faults on real steps, the profile).
 */
export const SCENARIO_SCHEMA = SHAPE.superRefine((s, ctx) => {
  const steps = new Set<string>()
  s.plan.forEach((step, i) => {
    if (steps.has(step.stepId))
      ctx.addIssue({
        code: 'custom',
        path: ['plan', i, 'stepId'],
        message: `"${step.stepId}" is used twice; step ids must be unique`,
      })
    steps.add(step.stepId)
  })
  const addresses = new Set<string>()
  s.faults.forEach((f, i) => {
    if (f.step !== '#abort' && !steps.has(f.step))
      ctx.addIssue({
        code: 'custom',
        path: ['faults', i, 'step'],
        message: `no plan step "${f.step}"; use one of ${[...steps, '#abort'].map((x) => `"${x}"`).join(', ')}`,
      })
    const address =
      f.kind === 'executor-crash'
        ? `crash ${f.step} ${f.point} ${f.nth}`
        : f.boundary === 'tool-transport'
          ? `${f.step} tools/call ${f.call}`
          : `${f.step} ${'probe' in f ? 'probe' : 'send'} ${nthOf(f)}`
    if (addresses.has(address))
      ctx.addIssue({
        code: 'custom',
        path: ['faults', i],
        message: `another fault already strikes there (${address}); give each request at most one fault`,
      })
    addresses.add(address)
  })
  const tools = new Map(s.plan.map((p) => [p.stepId, p.tool]))
  s.faults.forEach((f, i) => {
    if (f.kind !== 'error-response') return
    const role = TOOLS[tools.get(f.step) ?? '']?.service
    const vendor = role ? scenarioVendors(s)[role] : undefined
    const spec =
      role === 'payments' ? PAYMENTS_VENDOR_SPECS[vendor!] : role === 'email' ? EMAIL_VENDOR_SPECS[vendor!] : undefined
    const can = spec?.answers?.map((k) => ERROR_STATUS[k])
    if (can && !can.includes(f.status))
      ctx.addIssue({
        code: 'custom',
        path: ['faults', i, 'status'],
        message: `${vendor} never answers ${f.status}${f.status === 409 ? ' (it keeps no idempotency keys)' : ''}: use ${can.join(', ')}`,
      })
  })
  const problem = profileProblem(s)
  if (problem) ctx.addIssue({ code: 'custom', path: problem.path, message: problem.message })
})

/**
 * Settings beyond the vendors need their profile
 * feature, so none leaves the vendor profile unawares.
 */
function profileProblem(s: z.infer<typeof SHAPE>): { path: PropertyKey[]; message: string } | null {
  const has = (f: ProfileFeature) => (s.profile ?? []).includes(f)
  const need = (f: ProfileFeature, path: PropertyKey[], what: string) =>
    has(f) ? null : { path, message: `${what} goes beyond the vendors; add "${f}" to "profile" to opt in` }
  for (const name of ['payments', 'email'] as const) {
    if (s.services[name]?.keyStore === 'volatile')
      return need('volatile-keys', ['services', name, 'keyStore'], '"volatile"')
  }
  const mode = s.services.email?.mode
  if (mode !== undefined && (s.vendors?.email ?? 'resend') !== 'resend')
    return {
      path: ['services', 'email', 'mode'],
      message: `"mode" is Resend's; ${s.vendors?.email} has its own: remove it`,
    }
  if (mode !== undefined) {
    const offers = emailModeOffers(mode)
    if (offers.lookup)
      return need('email-lookup', ['services', 'email', 'mode'], `"${mode}" (a lookup by client reference)`)
    if (!offers.keys)
      return need('email-without-keys', ['services', 'email', 'mode'], `"${mode}" (idempotency keys ignored)`)
  }
  return null
}

export type Parsed<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly problem: string }

/**
 * Check untrusted JSON against the schema; the
 * problem is one line naming the field and the fix.
 */
export function parseScenario(input: unknown): Parsed<Scenario> {
  if ((input as { version?: unknown } | null)?.version === 1) {
    return {
      ok: false,
      problem:
        '"version" 1 addressed faults by the run\'s n-th request ("attempt"); version 2 addresses each by its step: replace "attempt": N with "step": "<stepId>" and "send": n (or "probe": n for probe-timeout), give crashes a "step" too, and set "version": 2',
    }
  }
  const parsed = SCENARIO_SCHEMA.safeParse(input)
  if (parsed.success) return { ok: true, value: parsed.data }
  return { ok: false, problem: describeIssues(parsed.error, SHAPE, input) }
}
