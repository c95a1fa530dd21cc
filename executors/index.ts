// The bundled executors, by CLI name. Loaded on
// demand: the correct zoo brings whole SDKs.
import { extname } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Executor } from '../harness/contract/executor.ts'
import type { VendorName } from '../harness/contract/vendors.ts'

/** Correct zoo: written apart from `reference`. */
const CORRECT = [
  'honest-minimal',
  'webcrypto-keys',
  'monotonic-budget',
  'axios-retries',
  'resend-sdk',
  'stripe-sdk-defaults',
] as const

/** Flawed zoo: the reference, one bug each. */
const FLAWED = [
  'fresh-key-per-attempt',
  'key-from-all-arguments',
  'key-from-the-model',
  'timeout-as-failure',
  'sent-as-success',
  'intent-log-in-memory',
  'new-key-after-unknown',
  'single-unspaced-probe',
  'fixed-timeout',
  'no-budget-check',
  'retries-permanent-errors',
  'ignores-retry-after',
  'compensates-unknown-blindly',
  'key-without-step-id',
  'sweeper-marks-failed',
  'trusts-expired-key',
  'key-minted-per-ask',
  'backoff-ignores-deadline',
  'abort-skips-confirmed-emails',
  'gateway-errors-as-not-sent',
  'retry-after-capped',
  'compensation-keyed-per-abort',
  'square-order-as-key',
  'square-cancel-then-recreate',
  'paypal-refund-without-request-id',
  'paypal-minimal-response',
  'ses-sdk-retries',
  'ses-resends-unfindable',
  'sendgrid-activity-as-absent',
  'sendgrid-empty-202-as-unsent',
] as const

export const CORRECT_ZOO: readonly string[] = CORRECT
export const FLAWED_ZOO: readonly string[] = FLAWED

/** Every bundled executor's name. */
export const BUNDLED_NAMES: readonly string[] = ['reference', 'naive', ...CORRECT, ...FLAWED]

/** Where a bundled executor lives. */
export interface BundledExecutor {
  readonly name: string
  readonly path: string
  readonly export: string
  /** What its declare() says it speaks. */
  readonly vendors?: readonly VendorName[]
}

const STRIPE_RESEND: readonly VendorName[] = ['stripe', 'resend']
const ANY_EMAIL: readonly VendorName[] = ['resend', 'ses', 'sendgrid']

/**
 * The vendors each bundled executor speaks, as
 * its declare() says (a test checks), known
 * without loading it; absent: every vendor.
 */
const SPEAKS: Readonly<Record<string, readonly VendorName[]>> = {
  naive: STRIPE_RESEND,
  ...Object.fromEntries(CORRECT.map((name) => [name, STRIPE_RESEND])),
  'square-order-as-key': ['square', ...ANY_EMAIL],
  'square-cancel-then-recreate': ['square', ...ANY_EMAIL],
  'paypal-refund-without-request-id': ['paypal', ...ANY_EMAIL],
  'paypal-minimal-response': ['paypal', ...ANY_EMAIL],
  'ses-sdk-retries': ['stripe', 'square', 'paypal', 'ses'],
  'ses-resends-unfindable': ['stripe', 'square', 'paypal', 'ses'],
  'sendgrid-activity-as-absent': ['stripe', 'square', 'paypal', 'sendgrid'],
  'sendgrid-empty-202-as-unsent': ['stripe', 'sendgrid'],
}

// .ts in a checkout, .js in the built package.
const EXT = extname(fileURLToPath(import.meta.url))
const here = (file: string) => fileURLToPath(new URL(`./${file}${EXT}`, import.meta.url))

function locate(name: string): BundledExecutor {
  const vendors = SPEAKS[name] ? { vendors: SPEAKS[name] } : {}
  if (name === 'reference') return { name, path: here('reference/reference'), export: 'reference' }
  if (name === 'naive') return { name, path: here('naive'), export: 'naive', ...vendors }
  const folder = (CORRECT as readonly string[]).includes(name) ? 'correct' : 'flawed'
  return { name, path: here(`${folder}/${name}`), export: 'default', ...vendors }
}

/** Every bundled executor, by name and module. */
export const BUNDLED: readonly BundledExecutor[] = BUNDLED_NAMES.map(locate)

/** Load one in this thread (tests, benches). */
export async function loadBundled(name: string): Promise<Executor> {
  const found = BUNDLED.find((b) => b.name === name)
  if (!found) throw new Error(`unknown bundled executor "${name}"`)
  return ((await import(found.path)) as Record<string, Executor>)[found.export]!
}

/** A bundled executor as a worker loads it. */
export function bundledRef(name: string): { readonly kind: 'bundled' } & BundledExecutor {
  const found = BUNDLED.find((b) => b.name === name)
  if (!found) throw new Error(`unknown bundled executor "${name}"`)
  return { kind: 'bundled', ...found }
}
