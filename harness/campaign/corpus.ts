// The failure corpus: each shrunk counterexample as a
// file named by its content's hash, never overwritten,
// replayed by `gate` (docs/internals/engine.md).
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { JUDGE_NAMES } from '../contract/names.ts'
import { judge } from '../judge/verdict.ts'
import { parseScenario, type Scenario } from '../scenario/scenario.ts'
import { type RunService, ServiceUnavailable } from '../supervisor/run-service.ts'
import { FileRefused, MAX_SCENARIO_BYTES, readRegularFile } from './regular-file.ts'
import type { CorpusResult } from './report-schema.ts'
import type { Shard } from './shard.ts'
import type { Frozen } from './history-schema.ts'

/**
 * The corpus unless `--corpus DIR`
 * says otherwise (cwd-relative).
 */
export const DEFAULT_CORPUS_DIR = '.faultline/corpus'

/** An unusable corpus file: the user must fix or delete it. */
export class CorpusError extends Error {
  override readonly name = 'CorpusError'
}

export interface CorpusEntry {
  /** The corpus directory as given, joined with the name. */
  readonly file: string
  readonly judge: string
  readonly hash: string
}

/**
 * A name any file system takes: letters,
 * digits, `_`, `.`, `-` (runs of `-`
 * folded, so `--` stays a separator).
 */
export function slug(name: string): string {
  return (
    name
      .replace(/[^A-Za-z0-9_.-]+/g, '_')
      .replace(/-{2,}/g, '-')
      .replace(/^[.-]+/, '_') || '_'
  )
}

/** The hash of what a scenario does (not its name or note). */
export function scenarioHash(scenario: Frozen<Scenario>): string {
  const { name: _name, about: _about, $schema: _schema, ...rest } = scenario
  return createHash('sha256').update(canonical(rest)).digest('hex').slice(0, 12)
}

/** JSON with sorted keys: equal data hashes alike. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`
  if (value !== null && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`
  }
  return JSON.stringify(value)
}

export function entryName(judgeName: string, executor: string, scenario: Frozen<Scenario>): string {
  return `${judgeName}--${slug(executor)}--${scenarioHash(scenario)}.json`
}

const ENTRY = new RegExp(`^(${JUDGE_NAMES.join('|')}|[a-z0-9-]+?)--(.+)--([0-9a-f]{12})\\.json$`)

/**
 * An executor's entries in `dir`, sorted by
 * name; none when the directory does not exist.
 */
export function listEntries(cwd: string, dir: string, executor: string): CorpusEntry[] {
  const abs = resolve(cwd, dir)
  if (!existsSync(abs)) return []
  let names: string[]
  try {
    names = readdirSync(abs)
  } catch (e) {
    throw new CorpusError(
      `cannot read the corpus directory ${dir}: ${(e as Error).message.split('\n')[0]} (check --corpus)`,
    )
  }
  const mine = slug(executor)
  return names
    .sort()
    .map((name) => ({ name, m: ENTRY.exec(name) }))
    .filter(({ m }) => m !== null && m[2] === mine)
    .map(({ name, m }) => ({ file: join(dir, name), judge: m![1]!, hash: m![3]! }))
}

/**
 * Before a campaign: a corpus that can never
 * be made (a file, or a path under one) is
 * refused, not found out when a failure is saved.
 */
export function checkCorpusDir(cwd: string, dir: string): void {
  const fail = (why: string) =>
    new CorpusError(`the corpus directory ${dir} cannot be made: ${why} (check --corpus, or pass --no-corpus)`)
  for (let at = resolve(cwd, dir); ; at = dirname(at)) {
    try {
      if (statSync(at).isDirectory()) return
      throw fail(`${at} is not a directory`)
    } catch (e) {
      if (e instanceof CorpusError) throw e
      const code = (e as NodeJS.ErrnoException).code
      if (code !== 'ENOENT' || dirname(at) === at) throw fail((e as Error).message.split('\n')[0] ?? '')
    }
  }
}

/**
 * Does `shard` replay this entry? By
 * its hash, not by a listing's order,
 * which may differ between machines.
 */
export function entryInShard(entry: CorpusEntry, shard: Shard | null): boolean {
  return shard === null || Number.parseInt(entry.hash.slice(0, 8), 16) % shard.total === shard.index - 1
}

export function readEntry(cwd: string, entry: CorpusEntry): Scenario {
  let json: unknown
  try {
    // Refused unread: a FIFO or a device named
    // like an entry would hang the gate.
    json = JSON.parse(readRegularFile(resolve(cwd, entry.file), MAX_SCENARIO_BYTES))
  } catch (e) {
    if (e instanceof FileRefused && e.reason !== 'open')
      throw new CorpusError(
        `corpus entry ${entry.file} ${e.message}; ${e.reason === 'type' ? 'delete it (faultline writes only files there)' : 'fix or delete it'}`,
      )
    throw new CorpusError(
      `corpus entry ${entry.file} is not readable JSON (${(e as Error).message.split('\n')[0]}); fix or delete it`,
    )
  }
  const parsed = parseScenario(json)
  if (!parsed.ok) throw new CorpusError(`corpus entry ${entry.file}: ${parsed.problem}; fix or delete it`)
  return parsed.value
}

/**
 * Save a minimal counterexample (an existing
 * entry is kept); returns its path.
 */
export function saveEntry(
  cwd: string,
  dir: string,
  judgeName: string,
  executor: string,
  scenario: Frozen<Scenario>,
  about: string,
): string {
  const name = entryName(judgeName, executor, scenario)
  const abs = resolve(cwd, dir)
  const file = join(abs, name)
  if (!existsSync(file)) {
    try {
      mkdirSync(abs, { recursive: true })
      const { version, name: scenarioName, about: _old, ...rest } = scenario
      writeFileSync(file, `${JSON.stringify({ version, name: scenarioName, about, ...rest }, null, 2)}\n`)
    } catch (e) {
      throw new CorpusError(
        `cannot write to the corpus directory ${dir}: ${(e as Error).message.split('\n')[0]} (check --corpus, or pass --no-corpus)`,
      )
    }
  }
  return join(dir, name)
}

/** Entries replayed, and why some were not. */
export interface Replayed {
  readonly results: CorpusResult[]
  /**
   * The service stopped running (its module
   * no longer loads): why, and how many
   * entries went unreplayed. Else null.
   */
  readonly unavailable: { readonly why: string; readonly left: number } | null
}

/**
 * Replay entries: still failing if
 * anything is violated, else fixed.
 */
export async function replayEntries(
  service: RunService,
  entries: readonly { readonly entry: CorpusEntry; readonly scenario: Scenario }[],
  replay: (file: string) => string,
): Promise<Replayed> {
  const settled = await Promise.allSettled(
    entries.map(async ({ entry, scenario }) => {
      const violations = judge((await service.run(scenario)).history).violations
      return {
        file: entry.file,
        judge: entry.judge,
        status: violations.length > 0 ? ('still-failing' as const) : ('fixed' as const),
        violations,
        replay: replay(entry.file),
      }
    }),
  )
  const results: CorpusResult[] = []
  let why: string | null = null
  let left = 0
  for (const s of settled) {
    if (s.status === 'fulfilled') results.push(s.value)
    else if (s.reason instanceof ServiceUnavailable) {
      why ??= s.reason.message
      left++
    } else throw s.reason
  }
  return { results, unavailable: why === null ? null : { why, left } }
}
