// The bundled executors, by the names the CLI accepts. Loaded on demand: a
// worker imports only the executor it runs (the correct zoo brings whole SDKs).
import type { Executor } from '../harness/contract/executor.ts'

/** The correct zoo (executors/correct/): written independently of `reference`, in the styles real teams use. */
const CORRECT = ['honest-minimal', 'webcrypto-keys', 'monotonic-budget', 'axios-retries', 'resend-sdk', 'stripe-sdk-defaults'] as const

/** The flawed zoo (executors/flawed/): the reference with one bug each. */
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
] as const

export const CORRECT_ZOO: readonly string[] = CORRECT
export const FLAWED_ZOO: readonly string[] = FLAWED

/** Every bundled executor's name: reference, naive, the correct zoo, the flawed zoo. */
export const BUNDLED_NAMES: readonly string[] = ['reference', 'naive', ...CORRECT, ...FLAWED]

/** Load a bundled executor by name. */
export async function loadBundled(name: string): Promise<Executor> {
  if (name === 'reference') return (await import('./reference/reference.ts')).reference
  if (name === 'naive') return (await import('./naive.ts')).naive
  if ((CORRECT as readonly string[]).includes(name)) return ((await import(`./correct/${name}.ts`)) as { default: Executor }).default
  if ((FLAWED as readonly string[]).includes(name)) return ((await import(`./flawed/${name}.ts`)) as { default: Executor }).default
  throw new Error(`unknown bundled executor "${name}"`)
}
