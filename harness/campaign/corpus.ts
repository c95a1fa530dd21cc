// The failure corpus: every shrunk counterexample, kept as a scenario file
// under a name of its own — `<judge>--<executor>--<hash>.json`, the hash of the
// scenario's content — so a later campaign never overwrites it and a replay
// command printed once replays that exact file forever. `gate` replays an
// executor's entries before its campaign and reports each as still failing or
// fixed (Hypothesis's example database, in the open: plain files a team can
// commit, cache between CI runs, or delete one by one). Fixed entries stay:
// they are regression scenarios now.
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { JUDGE_NAMES } from '../contract/names.ts'
import { judge } from '../judge/verdict.ts'
import { parseScenario, type Scenario } from '../scenario/scenario.ts'
import type { RunService } from '../supervisor/run-service.ts'
import type { CorpusResult } from './report-schema.ts'
import type { Shard } from './shard.ts'
import type { Frozen } from './history-schema.ts'

/** Where the corpus lives unless `--corpus DIR` says otherwise (relative to the working directory). */
export const DEFAULT_CORPUS_DIR = '.faultline/corpus'

/** A corpus file that cannot be used (unreadable, not a scenario): the user must fix or delete it. */
export class CorpusError extends Error {
  override readonly name = 'CorpusError'
}

export interface CorpusEntry {
  /** The file's path: the corpus directory as given, joined with the entry's name. */
  readonly file: string
  readonly judge: string
  readonly hash: string
}

/** A name that survives any file system: letters, digits, `_`, `.` and `-` (runs of `-` folded, so `--` stays a separator). */
export function slug(name: string): string {
  return name.replace(/[^A-Za-z0-9_.-]+/g, '_').replace(/-{2,}/g, '-').replace(/^[.-]+/, '_') || '_'
}

/** The hash of what a scenario does: its name and its note for people do not count. */
export function scenarioHash(scenario: Frozen<Scenario>): string {
  const { name: _name, about: _about, $schema: _schema, ...rest } = scenario
  return createHash('sha256').update(canonical(rest)).digest('hex').slice(0, 12)
}

/** JSON with object keys sorted, so equal data hashes alike whatever order it was built in. */
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

/** An executor's entries in `dir` (relative to `cwd`), sorted by name; none when the directory does not exist. */
export function listEntries(cwd: string, dir: string, executor: string): CorpusEntry[] {
  const abs = resolve(cwd, dir)
  if (!existsSync(abs)) return []
  let names: string[]
  try {
    names = readdirSync(abs)
  } catch (e) {
    throw new CorpusError(`cannot read the corpus directory ${dir}: ${(e as Error).message.split('\n')[0]} (check --corpus)`)
  }
  const mine = slug(executor)
  return names
    .sort()
    .map((name) => ({ name, m: ENTRY.exec(name) }))
    .filter(({ m }) => m !== null && m[2] === mine)
    .map(({ name, m }) => ({ file: join(dir, name), judge: m![1]!, hash: m![3]! }))
}

/** Does shard `shard` replay this entry? Each entry belongs to one shard, by its hash (not by its place in a listing that may differ between machines). */
export function entryInShard(entry: CorpusEntry, shard: Shard | null): boolean {
  return shard === null || Number.parseInt(entry.hash.slice(0, 8), 16) % shard.total === shard.index - 1
}

export function readEntry(cwd: string, entry: CorpusEntry): Scenario {
  let json: unknown
  try {
    json = JSON.parse(readFileSync(resolve(cwd, entry.file), 'utf8').replace(/^\uFEFF/, ''))
  } catch (e) {
    throw new CorpusError(`corpus entry ${entry.file} is not readable JSON (${(e as Error).message.split('\n')[0]}); fix or delete it`)
  }
  const parsed = parseScenario(json)
  if (!parsed.ok) throw new CorpusError(`corpus entry ${entry.file}: ${parsed.problem}; fix or delete it`)
  return parsed.value
}

/** Save a minimal counterexample; an entry already there (the same scenario) is kept as it is. Returns its path. */
export function saveEntry(cwd: string, dir: string, judgeName: string, executor: string, scenario: Frozen<Scenario>, about: string): string {
  const name = entryName(judgeName, executor, scenario)
  const abs = resolve(cwd, dir)
  const file = join(abs, name)
  if (!existsSync(file)) {
    try {
      mkdirSync(abs, { recursive: true })
      const { version, name: scenarioName, about: _old, ...rest } = scenario
      writeFileSync(file, `${JSON.stringify({ version, name: scenarioName, about, ...rest }, null, 2)}\n`)
    } catch (e) {
      throw new CorpusError(`cannot write to the corpus directory ${dir}: ${(e as Error).message.split('\n')[0]} (check --corpus, or pass --no-corpus)`)
    }
  }
  return join(dir, name)
}

/** Replay entries (already read) against the executor: still failing when the replay violates anything, fixed otherwise. */
export async function replayEntries(service: RunService, entries: readonly { readonly entry: CorpusEntry; readonly scenario: Scenario }[], replay: (file: string) => string): Promise<CorpusResult[]> {
  return Promise.all(
    entries.map(async ({ entry, scenario }) => {
      const violations = judge((await service.run(scenario)).history).violations
      return { file: entry.file, judge: entry.judge, status: violations.length > 0 ? ('still-failing' as const) : ('fixed' as const), violations, replay: replay(entry.file) }
    }),
  )
}
