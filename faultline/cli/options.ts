// Parsing a command's options: node:util's parseArgs, strict, with --help on
// every command and one-line errors that name the option and the fix.
import { availableParallelism } from 'node:os'
import { parseArgs } from 'node:util'
import { parseProfile, type ProfileFeature } from '../../harness/scenario/profile.ts'
import { DEFAULT_BUDGETS } from '../../harness/supervisor/budgets.ts'
import type { SupervisionOptions } from '../../harness/jobs/inputs.ts'
import { UsageError } from '../../harness/jobs/usage-error.ts'

/** Seeds are 31-bit: fast-check folds larger ones, so two seeds would give one campaign. */
export const MAX_SEED = 2 ** 31 - 1

type Spec = Record<string, { type: 'string' | 'boolean' }>

/** What `options` returns: each option's value by its type, and the positional arguments. */
export interface Parsed<T extends Spec> {
  readonly values: { [K in keyof T]?: T[K]['type'] extends 'string' ? string : boolean }
  readonly positionals: string[]
}

/** Parsed options, or null when --help was asked for (the caller prints its usage). */
export function options<T extends Spec>(command: string, args: readonly string[], spec: T, positionals = 0): Parsed<T> | null {
  let parsed
  try {
    parsed = parseArgs({ args: [...args], options: { ...spec, help: { type: 'boolean', short: 'h' } } as T & { help: { type: 'boolean'; short: 'h' } }, allowPositionals: positionals > 0, strict: true })
  } catch (e) {
    throw new UsageError(`${(e as Error).message.split('\n')[0]} (faultline ${command} --help lists the options)`)
  }
  if ((parsed.values as { help?: boolean }).help) return null
  if (parsed.positionals.length > positionals) throw new UsageError(`unexpected argument "${parsed.positionals[positionals]}" (faultline ${command} --help)`)
  return parsed as unknown as Parsed<T>
}

/** A whole number ≥ `min` (and ≤ `max`), or `fallback` when the option was not given. */
export function int(value: unknown, name: string, fallback: number, min: number, max = Number.MAX_SAFE_INTEGER): number {
  if (typeof value !== 'string') return fallback
  const n = Number(value)
  if (!/^\d+$/.test(value) || n < min || n > max || !Number.isSafeInteger(n)) {
    throw new UsageError(`--${name} must be a whole number from ${min} to ${max === Number.MAX_SAFE_INTEGER ? 'any size' : max}, got "${value}"`)
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

export function supervision(values: Record<string, unknown>, defaultWorkers = availableParallelism()): SupervisionOptions {
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

/** `--profile`: what the services may do beyond the vendors (default: vendor-faithful). */
export function profileOption(value: unknown): readonly ProfileFeature[] {
  if (typeof value !== 'string') return []
  const parsed = parseProfile(value)
  if (!parsed.ok) throw new UsageError(`--profile: ${parsed.problem}`)
  return parsed.features
}
