// Compare executors on the same seeded scenarios:
// a leaderboard per judge, with pass^k and one
// minimal counterexample per violation class.
import type { Executor } from '../contract/executor.ts'
import { judge } from '../judge/verdict.ts'
import type { Violation } from '../judge/finding.ts'
import type { RunService } from '../supervisor/run-service.ts'
import type { Scenario } from '../scenario/scenario.ts'
import type { ScenarioGenerator } from '../scenario/generator.ts'
import { search, type SearchResult } from './search.ts'
import { campaignScenarios } from './campaign-scenarios.ts'
import { asService, ServiceUnavailable } from '../supervisor/run-service.ts'
import { inShard, type Shard } from './shard.ts'

export interface CompareOptions {
  readonly runs: number
  readonly seed: number
  /** Replays per scenario for pass^k, each with another seed. */
  readonly k: number
  /** How many of the generated scenarios pass^k replays. */
  readonly passKScenarios: number
  /**
   * What draws the scenarios (default:
   * scenarios/arbitraries.ts).
   */
  readonly generator: ScenarioGenerator
  /** Run only this shard's share (default: everything). */
  readonly shard?: Shard | null
  /**
   * For a progress line; `executor`
   * is its 0-based place in the list.
   */
  readonly onProgress?: (event: CompareProgress) => void
  /**
   * Aborted: the executor being run is cut short
   * (no pass^k), the ones after it are not run.
   */
  readonly signal?: AbortSignal | undefined
  /** Keep every run's record (default true). */
  readonly keepRuns?: boolean
  /**
   * Executors run at once, each with its own
   * run service (default 1; objects: always 1).
   */
  readonly rowsAtOnce?: number
}

export type CompareProgress =
  | { readonly kind: 'run'; readonly executor: number; readonly index: number; readonly failed: boolean }
  | { readonly kind: 'shrink'; readonly executor: number; readonly judge: string }
  | { readonly kind: 'pass-k'; readonly executor: number; readonly scenarios: number }

/**
 * pass^k, said honestly: how many scenarios and
 * replays, and how many ended in an executor
 * fault (not passed, and not hidden). `rate`
 * null: none replayed. docs/campaigns.md.
 */
export interface PassK {
  readonly k: number
  readonly scenarios: number
  /** Replays run: k per scenario, fewer after a failed one. */
  readonly replays: number
  /** Scenarios right on every one of the k replays. */
  readonly passed: number
  /** Scenarios where a replay ended in an executor fault. */
  readonly faulted: number
  readonly rate: number | null
}

/**
 * Whether scenario `index` was right on
 * all k replays: what a merge sums again.
 */
export interface PassKRun {
  readonly index: number
  readonly passed: boolean
  /** Replays run for it (k, or fewer when one failed). */
  readonly replays: number
  /** A replay ended in an executor fault. */
  readonly faulted: boolean
}

export interface LeaderboardRow extends SearchResult {
  readonly passK: PassK
  /** The pass^k scenarios this row replayed, in run order. */
  readonly passKRuns: readonly PassKRun[]
}

/** The most runs every row shares, drawn once. */
const SHARED_DRAW_MAX = 1_000

/**
 * Each executor in turn: an object runs
 * in this thread; a function opens a run
 * service (a worker pool) for its row.
 */
export async function compare(
  executors: readonly (Executor | (() => Promise<RunService>))[],
  options: CompareOptions,
): Promise<LeaderboardRow[]> {
  const shard = options.shard ?? null
  const passKCount = Math.min(options.passKScenarios, options.runs)
  // Rows share one draw (~0.2 ms a scenario);
  // past the cap each draws its own, lazily.
  const shared = executors.length > 1 && options.runs <= SHARED_DRAW_MAX
  const drawn = campaignScenarios(options.generator.arbitrary, options.seed, shared ? options.runs : passKCount)
  // pass^k replays the first scenarios (regenerable
  // from seed and index, so shards can share them out).
  const sample = drawn.slice(0, passKCount)
  const mine = sample.map((scenario, index) => ({ scenario, index })).filter(({ index }) => inShard(index, shard))
  const progress = options.onProgress
  const rowOf = async (executor: number, e: Executor | (() => Promise<RunService>)): Promise<LeaderboardRow | null> => {
    if (options.signal?.aborted) return null
    const service = typeof e === 'function' ? await e() : asService(e)
    // pass^k's first replay of a scenario is its
    // campaign run (the same seed): judged there.
    const judged = new Map<number, Replayed | null>()
    try {
      const result = await search(service, {
        runs: options.runs,
        seed: options.seed,
        stopAtFirstFailure: false,
        shrinkEach: true,
        generator: options.generator,
        shard,
        signal: options.signal,
        keepRuns: options.keepRuns ?? true,
        ...(shared && { drawn }),
        onRun: (index, violations, died) => {
          if (index < sample.length) judged.set(index, replayed(0, violations, died))
          progress?.({ kind: 'run', executor, index, failed: violations.length > 0 })
        },
        ...(progress && { onShrink: (_index, judge) => progress({ kind: 'shrink', executor, judge }) }),
      })
      // pass^k of a row cut short would
      // compare it on fewer scenarios.
      let unavailable = result.unavailable
      let each: Awaited<ReturnType<typeof passKEach>> | null = null
      if (!result.cut) {
        progress?.({ kind: 'pass-k', executor, scenarios: mine.length })
        try {
          each = await passKEach(
            service,
            mine.map((m) => m.scenario),
            options.k,
            options.signal,
            mine.map((m) => judged.get(m.index)),
          )
        } catch (e) {
          // The module stopped loading: cut, no pass^k.
          if (!(e instanceof ServiceUnavailable)) throw e
          unavailable = e.message
        }
      }
      const passKRuns = each ? mine.map(({ index }, j) => ({ index, ...each[j]! })) : []
      return { ...result, unavailable, cut: each === null, passK: passKOf(options.k, passKRuns), passKRuns }
    } finally {
      await service.close()
    }
  }
  // Rows at once: only run services (an object
  // runs in this thread, one run at a time).
  const atOnce = executors.every((e) => typeof e === 'function') ? Math.max(1, options.rowsAtOnce ?? 1) : 1
  const done = await eachAtOnce(executors, atOnce, rowOf, (row) => row === null || row.cut)
  // In order, up to the first row cut short.
  const rows: LeaderboardRow[] = []
  for (const row of done) {
    if (row === null) break
    rows.push(row)
    if (row.cut) break
  }
  return rows
}

/**
 * `work` over `items`, `atOnce` at a time, results
 * in order; past an item that `stops`, none starts.
 */
async function eachAtOnce<T, R>(
  items: readonly T[],
  atOnce: number,
  work: (index: number, item: T) => Promise<R>,
  stops: (result: R) => boolean,
): Promise<(R | null)[]> {
  const out: (R | null)[] = items.map(() => null)
  let next = 0
  let stopped = false
  const lane = async (): Promise<void> => {
    while (!stopped && next < items.length) {
      const i = next++
      out[i] = await work(i, items[i]!)
      if (stops(out[i]!)) stopped = true
    }
  }
  await Promise.all(Array.from({ length: Math.min(atOnce, items.length) }, lane))
  return out
}

/** pass^k over some scenarios' results. */
export function passKOf(k: number, runs: readonly PassKRun[]): PassK {
  const passed = runs.filter((r) => r.passed).length
  const replays = runs.reduce((n, r) => n + r.replays, 0)
  const faulted = runs.filter((r) => r.faulted).length
  return { k, scenarios: runs.length, replays, passed, faulted, rate: runs.length ? passed / runs.length : null }
}

/**
 * The share of scenarios right on
 * all k differently-seeded replays.
 */
export async function passK(target: Executor | RunService, scenarios: readonly Scenario[], k: number): Promise<PassK> {
  return passKOf(
    k,
    (await passKEach(target, scenarios, k))!.map((r, index) => ({ index, ...r })),
  )
}

type Replayed = Omit<PassKRun, 'index'>

/** Replay j's result, or null: it passed. */
function replayed(j: number, violations: readonly Violation[], died: boolean): Replayed | null {
  if (violations.length === 0) return null
  return { passed: false, replays: j + 1, faulted: died || violations.some((v) => v.judge === 'executor-fault') }
}

/**
 * Per scenario: right on all k differently-seeded
 * replays? Stops at its first failing replay.
 * `first[i]`: replay 0 of scenario i, if judged
 * already (undefined: run it).
 */
async function passKEach(
  target: Executor | RunService,
  scenarios: readonly Scenario[],
  k: number,
  signal?: AbortSignal,
  first: readonly (Replayed | null | undefined)[] = [],
): Promise<Replayed[] | null> {
  const service = asService(target)
  let skipped = false
  try {
    const each = await Promise.all(
      scenarios.map(async (scenario, i): Promise<Replayed> => {
        for (let j = 0; j < k; j++) {
          // Cut: the result is dropped below.
          if (signal?.aborted) return ((skipped = true), { passed: false, replays: j, faulted: false })
          const seed = (scenario.seed + j * 7_919) % 2 ** 31
          const known = j === 0 && seed === scenario.seed ? first[i] : undefined
          if (known !== undefined) {
            if (known) return known
            continue
          }
          const { history, died } = await service.run({ ...scenario, seed })
          const failed = replayed(j, judge(history).violations, died)
          if (failed) return failed
        }
        return { passed: true, replays: k, faulted: false }
      }),
    )
    return skipped ? null : each
  } finally {
    if (service !== target) await service.close()
  }
}
