// A job's options, checked: each
// problem is a UsageError of one line
// that names the option and the fix.
import { availableParallelism } from 'node:os'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { DEFAULT_CORPUS_DIR } from '../campaign/corpus.ts'
import { FileRefused, MAX_SCENARIO_BYTES, readRegularFile } from '../campaign/regular-file.ts'
import { minCoverageFromJson, parseMinCoverage, type Requirement } from '../campaign/min-coverage.ts'
import { parseShard, type Shard } from '../campaign/shard.ts'
import { parseProfile, type ProfileFeature } from '../scenario/profile.ts'
import { DEFAULT_VENDORS, parseVendors, type Vendors } from '../contract/vendors.ts'
import { DEFAULT_BUDGETS } from '../supervisor/budgets.ts'
import type { PoolOptions } from '../supervisor/pool.ts'
import { UsageError } from './usage-error.ts'

/** Seeds are 31-bit: fast-check folds larger ones. */
export const MAX_SEED = 2 ** 31 - 1

/** The options of every job that runs an executor. */
export interface SupervisionOptions {
  /** Worker threads (default: the cores available). */
  readonly workers?: number
  /** A run's real-time budget before it is hung (default 10000). */
  readonly runTimeoutMs?: number
  /** How long a module may take to load (default 30000). */
  readonly loadTimeoutMs?: number
  /** A worker's old-generation limit (default 1024). */
  readonly workerMemoryMb?: number
  /** Events a run may record (default 20000). */
  readonly maxEvents?: number
  /** Where the executor's output goes (default stderr). */
  readonly output?: (chunk: string) => void
}

/** A whole number in [min, max], or `fallback` when absent. */
export function whole(
  value: number | undefined,
  name: string,
  fallback: number,
  min: number,
  max = Number.MAX_SAFE_INTEGER,
): number {
  if (value === undefined) return fallback
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw new UsageError(
      `${name} must be a whole number from ${min} to ${max === Number.MAX_SAFE_INTEGER ? 'any size' : max}, got ${String(value)}`,
    )
  }
  return value
}

export function seedOf(value: number | undefined): number {
  return whole(value, 'seed', 1, 0, MAX_SEED)
}

export function poolOptions(o: SupervisionOptions, defaultWorkers = availableParallelism()): PoolOptions {
  return {
    workers: whole(o.workers, 'workers', defaultWorkers, 1, 256),
    budgets: {
      runRealMs: whole(o.runTimeoutMs, 'runTimeoutMs', DEFAULT_BUDGETS.runRealMs, 100),
      loadRealMs: whole(o.loadTimeoutMs, 'loadTimeoutMs', DEFAULT_BUDGETS.loadRealMs, 100),
      workerMemoryMb: whole(o.workerMemoryMb, 'workerMemoryMb', DEFAULT_BUDGETS.workerMemoryMb, 64),
      eventsPerRun: whole(o.maxEvents, 'maxEvents', DEFAULT_BUDGETS.eventsPerRun, 100),
    },
    ...(o.output && { output: o.output }),
  }
}

/** A profile as text (`volatile-keys,…`) or as features. */
export function profileOf(value: string | readonly ProfileFeature[] | undefined): readonly ProfileFeature[] {
  if (value === undefined) return []
  if (typeof value !== 'string') return value
  const parsed = parseProfile(value)
  if (!parsed.ok) throw new UsageError(`--profile: ${parsed.problem}`)
  return parsed.features
}

/** Vendors as text (`payments=square,…`) or as a pair. */
export function vendorsOf(value: string | Partial<Vendors> | undefined): Vendors {
  if (value === undefined) return DEFAULT_VENDORS
  if (typeof value !== 'string') {
    const spec = [
      ...(value.payments ? [`payments=${value.payments}`] : []),
      ...(value.email ? [`email=${value.email}`] : []),
    ].join(',')
    return spec ? vendorsOf(spec) : DEFAULT_VENDORS
  }
  const parsed = parseVendors(value)
  if (!parsed.ok) throw new UsageError(parsed.problem)
  return parsed.vendors
}

/** The corpus directory; false: none. */
export function corpusOf(value: string | false | undefined): string | null {
  if (value === false) return null
  if (value === '') throw new UsageError('--corpus needs a directory, e.g. --corpus .faultline/corpus')
  // A probe's team wrote --corpus false and got a
  // directory named false.
  if (value === 'false' || value === 'none')
    throw new UsageError(`--corpus ${value} would be a directory named ${value}: pass --no-corpus for none`)
  return value ?? DEFAULT_CORPUS_DIR
}

/** `i/n`, a parsed shard, or none. */
export function shardOf(value: string | Shard | null | undefined): Shard | null {
  if (value === undefined || value === null) return null
  if (typeof value !== 'string') return value
  const parsed = parseShard(value)
  if (!parsed.ok) throw new UsageError(parsed.problem)
  return parsed.shard
}

/** Terms (`fault=N,…`), a JSON file of them, or parsed ones. */
export function minCoverageOf(value: string | readonly Requirement[] | undefined, cwd: string): Requirement[] {
  if (value === undefined) return []
  if (typeof value !== 'string') return [...value]
  if (/\.json$/i.test(value.trim())) {
    let json: unknown
    try {
      json = JSON.parse(readRegularFile(resolve(cwd, value.trim()), MAX_SCENARIO_BYTES))
    } catch (e) {
      const why = e instanceof FileRefused ? `it ${e.message}` : (e as Error).message
      throw new UsageError(`--min-coverage ${value}: cannot read it as JSON (${why.split('\n')[0]})`)
    }
    const parsed = minCoverageFromJson(json, value.trim())
    if (!parsed.ok) throw new UsageError(parsed.problem)
    return parsed.requirements
  }
  const parsed = parseMinCoverage(value)
  if (!parsed.ok) throw new UsageError(parsed.problem)
  return parsed.requirements
}

/** A module given as a path or a file: URL. */
export function modulePath(value: string | URL): string {
  return value instanceof URL ? fileURLToPath(value) : value
}

/** `--judge` modules as given: a comma list or an array. */
export function judgesOf(value: string | readonly string[] | undefined): string | undefined {
  if (value === undefined) return undefined
  const joined = typeof value === 'string' ? value : value.join(',')
  return joined === '' ? undefined : joined
}
