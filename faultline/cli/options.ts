// A command's options: node:util's parseArgs, strict,
// --help everywhere, one-line errors naming the fix.
import { availableParallelism } from 'node:os'
import { parseArgs } from 'node:util'
import { parseProfile, type ProfileFeature } from '../../harness/scenario/profile.ts'
import { DEFAULT_VENDORS, parseVendors, type Vendors } from '../../harness/contract/vendors.ts'
import { DEFAULT_BUDGETS } from '../../harness/supervisor/budgets.ts'
import type { SupervisionOptions } from '../../harness/jobs/inputs.ts'
import { UsageError } from '../../harness/jobs/usage-error.ts'

/** 31-bit: fast-check folds larger seeds. */
export const MAX_SEED = 2 ** 31 - 1

type Spec = Record<string, { type: 'string' | 'boolean'; multiple?: true }>

/** Each option's value by its type; the positionals. */
export interface Parsed<T extends Spec> {
  readonly values: {
    [K in keyof T]?: T[K] extends { multiple: true } ? string[] : T[K]['type'] extends 'string' ? string : boolean
  }
  readonly positionals: string[]
}

/** Parsed options, or null for --help. */
export function options<T extends Spec>(
  command: string,
  args: readonly string[],
  spec: T,
  positionals = 0,
): Parsed<T> | null {
  let parsed
  try {
    parsed = parseArgs({
      args: [...args],
      options: { ...spec, help: { type: 'boolean', short: 'h' } } as T & { help: { type: 'boolean'; short: 'h' } },
      allowPositionals: positionals > 0,
      strict: true,
    })
  } catch (e) {
    throw new UsageError(`${(e as Error).message.split('\n')[0]} (faultline ${command} --help lists the options)`)
  }
  if ((parsed.values as { help?: boolean }).help) return null
  if (parsed.positionals.length > positionals)
    throw new UsageError(`unexpected argument "${parsed.positionals[positionals]}" (faultline ${command} --help)`)
  return parsed as unknown as Parsed<T>
}

/** A whole number in [min, max], or `fallback`. */
export function int(
  value: unknown,
  name: string,
  fallback: number,
  min: number,
  max = Number.MAX_SAFE_INTEGER,
): number {
  if (typeof value !== 'string') return fallback
  const n = Number(value)
  if (!/^\d+$/.test(value) || n < min || n > max || !Number.isSafeInteger(n)) {
    throw new UsageError(
      `--${name} must be a whole number from ${min} to ${max === Number.MAX_SAFE_INTEGER ? 'any size' : max}, got "${value}"`,
    )
  }
  return n
}

export function seed(value: unknown): number {
  return int(value, 'seed', 1, 0, MAX_SEED)
}

/** The options every command that runs an executor takes. */
export const SUPERVISION = {
  workers: { type: 'string' },
  'run-timeout': { type: 'string' },
  'load-timeout': { type: 'string' },
  'worker-memory': { type: 'string' },
  'max-events': { type: 'string' },
} as const

export function supervision(
  values: Record<string, unknown>,
  defaultWorkers = availableParallelism(),
): SupervisionOptions {
  return {
    workers: int(values.workers, 'workers', defaultWorkers, 1, 256),
    runTimeoutMs: int(values['run-timeout'], 'run-timeout', DEFAULT_BUDGETS.runRealMs, 100),
    loadTimeoutMs: int(values['load-timeout'], 'load-timeout', DEFAULT_BUDGETS.loadRealMs, 100),
    workerMemoryMb: int(values['worker-memory'], 'worker-memory', DEFAULT_BUDGETS.workerMemoryMb, 64),
    maxEvents: int(values['max-events'], 'max-events', DEFAULT_BUDGETS.eventsPerRun, 100),
  }
}

/** `--judge <module>[,<module>…]`: judges of a team's own. */
export const JUDGING = { judge: { type: 'string' } } as const

/** `--vendors payments=…,email=…` (default Stripe + Resend). */
export function vendorsOption(value: unknown): Vendors {
  if (typeof value !== 'string') return DEFAULT_VENDORS
  const parsed = parseVendors(value)
  if (!parsed.ok) throw new UsageError(parsed.problem)
  return parsed.vendors
}

/** `--profile`: beyond the vendors (default: none). */
export function profileOption(value: unknown): readonly ProfileFeature[] {
  if (typeof value !== 'string') return []
  const parsed = parseProfile(value)
  if (!parsed.ok) throw new UsageError(`--profile: ${parsed.problem}`)
  return parsed.features
}
