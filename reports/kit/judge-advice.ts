// What to do about each judge's finding, one
// line under a counterexample: a finding that
// says only what went wrong sent a team to the
// docs one failure at a time (a probe's word).
import type { BuiltinJudgeName, JudgeName } from '../../harness/contract/names.ts'
import { TOOLS } from '../../harness/contract/tools.ts'
import { DEFAULT_VENDORS, KEYLESS_VENDORS, type VendorName, type Vendors } from '../../harness/contract/vendors.ts'
import { FORWARDED_LATE, UNFORWARDED } from '../../harness/judge/effect-after-deadline.ts'

/** The deadline advice, with what the SDK does. */
function deadlineAdvice(sdk: string): string {
  return `send, and let the SDK retry, only with time left in the turn (${sdk}): bound the client by the turn’s deadline (operationOf(…).deadline, call.deadline)`
}

/**
 * Each vendor SDK's defaults (docs/vendors.md):
 * a Square probe's team read stripe-node's.
 */
const SDK_DEFAULTS: Readonly<Record<VendorName, string>> = {
  stripe: 'stripe-node retries twice, with an 80 s timeout: S9',
  square: 'the Square SDK retries a 408, 429 or 5xx twice, with a 60 s timeout: Q9',
  paypal: 'the PayPal SDK has no timeout of its own: P14',
  resend: 'the resend SDK has no timeout of its own: R5',
  ses: 'the AWS SDK makes 3 attempts and has no timeout of its own: A11, A12',
  sendgrid: 'the SendGrid SDK has no timeout of its own: G10',
}

const ADVICE: Readonly<Record<BuiltinJudgeName, string>> = {
  'duplicate-effect':
    'send every attempt and ask of one operation under one idempotency key made from the operation (operationOf: runId, stepId), and look before resending what may have landed',
  'false-success':
    'report SUCCEEDED only with the effect in hand (the vendor’s object or id); a timeout, a reset or a 5xx is UNKNOWN until looked up',
  'false-failure':
    'report FAILED_NO_EFFECT only when nothing of the operation can land: no attempt of any ask applied or still in flight; after a timeout, a reset or a 5xx, report UNKNOWN or look the effect up first',
  'effect-after-deadline': deadlineAdvice('an SDK’s defaults outlast a turn: docs/vendors.md gives each'),
  'returned-after-deadline':
    'answer by the turn’s deadline whatever the client does: abort or race the call (AbortSignal.timeout(deadline - Date.now())); an SDK’s own timeout, if any, is per attempt and longer than a turn',
  'phantom-compensation': 'compensate only effects that happened: look an effect up before correcting or refunding it',
  'uncompensated-effect':
    'in abort(), compensate each effect reported SUCCEEDED, or own up to it: an abort envelope that names it in `compensates`',
  'unknown-retry-safe': 'UNKNOWN is never retry_safe: its first attempt may have landed',
  'permanent-error-retried':
    'remember a 400 or 422 per operation (runId, stepId) and do not send the same request again, also on the model’s next ask',
  'retry-before-retry-after':
    'remember Retry-After per operation (runId, stepId) and send nothing for it sooner, also on the model’s next ask',
  'declared-contract': 'make the tool do what its annotations declare, or declare what it does',
  'executor-fault':
    'the message says what the executor did (a throw, a hang, a host no service answers, a process, a file): README, “What is checked”, lists each',
}

/** One line of advice, or null for a judge of a plugin. */
export function judgeAdvice(judge: JudgeName): string | null {
  return Object.hasOwn(ADVICE, judge) ? ADVICE[judge as BuiltinJudgeName] : null
}

/**
 * A late effect a deadline-forwarding service would
 * have refused: the header is the fix, not the bound
 * (a probe's client was bounded already).
 */
const FORWARD =
  'forward the turn’s deadline on every request as X-Request-Deadline (epoch ms): this profile’s services refuse work past it, as the real vendors do not (docs/vendors.md S8, P16, A13)'

/**
 * A duplicate at a vendor with no key and no
 * look-up: the key advice cannot be followed
 * (an SES probe's team was told to use one).
 */
const KEYLESS =
  'never resend what may have landed at a vendor with no idempotency key and no look-up (SES, SendGrid: docs/vendors.md A1, G2), not on the SDK’s own retries, the model’s next ask or after a restart: report it UNKNOWN, retry_safe: false'

interface Seen {
  readonly judge: JudgeName
  readonly message?: string
  readonly tool?: string | null
}

/**
 * Advice for each judge `violations` name, once,
 * in order; `vendors`, the run's, for the tool's.
 */
export function adviceFor(violations: readonly Seen[], vendors?: Partial<Vendors>): string[] {
  const out = new Set<string>()
  for (const judge of new Set(violations.map((v) => v.judge))) {
    const mine = violations.filter((v) => v.judge === judge)
    const unforwarded =
      judge === 'effect-after-deadline' &&
      mine.every((v) => v.message?.includes(UNFORWARDED) || v.message?.includes(FORWARDED_LATE))
    for (const v of mine) {
      const advice = unforwarded
        ? FORWARD
        : keyless(v, vendors)
          ? KEYLESS
          : (late(v, vendors) ?? reset(v) ?? judgeAdvice(judge))
      if (advice !== null) out.add(advice)
    }
  }
  return [...out]
}

/** The vendor behind the tool `v` names, if known. */
function vendorOf(v: Seen, vendors: Partial<Vendors> | undefined): VendorName | null {
  if (!v.tool || !Object.hasOwn(TOOLS, v.tool)) return null
  const role = TOOLS[v.tool]!.service
  return vendors?.[role] ?? DEFAULT_VENDORS[role]
}

/** SendGrid's hold-off: its reset, not a Retry-After (G5). */
const RESET =
  'remember SendGrid’s X-RateLimit-Reset (epoch seconds) per operation (runId, stepId) and send nothing for it sooner, also on the model’s next ask'
const reset = (v: Seen) =>
  v.judge === 'retry-before-retry-after' && v.message?.includes('X-RateLimit-Reset') ? RESET : null

/** A duplicate effect at a key-less vendor? */
function keyless(v: Seen, vendors: Partial<Vendors> | undefined): boolean {
  const vendor = v.judge === 'duplicate-effect' ? vendorOf(v, vendors) : null
  return vendor !== null && KEYLESS_VENDORS.includes(vendor)
}

/** A late effect's advice, with its vendor's SDK. */
function late(v: Seen, vendors: Partial<Vendors> | undefined): string | null {
  const vendor = v.judge === 'effect-after-deadline' ? vendorOf(v, vendors) : null
  return vendor === null ? null : deadlineAdvice(SDK_DEFAULTS[vendor])
}
