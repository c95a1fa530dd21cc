// Compare executors on the same seeded scenarios: a leaderboard of
// violations per judge, unresolved rate, recovery latency, verification cost,
// pass^k reliability, and one minimal counterexample per violation class.
import type { Executor } from '../contract/executor.ts'
import { judge } from '../judge/verdict.ts'
import type { RunService } from '../supervisor/run-service.ts'
import type { Scenario } from '../scenario/scenario.ts'
import type { ScenarioGenerator } from '../scenario/generator.ts'
import { asService, campaignScenarios, search, type SearchResult } from './search.ts'
import { inShard, type Shard } from './shard.ts'

export interface CompareOptions {
  readonly runs: number
  readonly seed: number
  /** Replays per scenario for pass^k (each with another seed for the run's randomness). */
  readonly k: number
  /** How many of the generated scenarios pass^k replays. */
  readonly passKScenarios: number
  /** What draws the scenarios (scenarios/arbitraries.ts makes the default one). */
  readonly generator: ScenarioGenerator
  /** Run only this shard's runs and pass^k scenarios (default: all of them). */
  readonly shard?: Shard | null
}

export interface PassK {
  readonly k: number
  readonly scenarios: number
  /** Scenarios the executor got right on every one of the k replays. */
  readonly passed: number
  readonly rate: number
}

/** Whether the executor got campaign scenario `index` right on all k replays: what a merge sums again. */
export interface PassKRun {
  readonly index: number
  readonly passed: boolean
}

export interface LeaderboardRow extends SearchResult {
  readonly passK: PassK
  /** The pass^k scenarios this row replayed (a shard's share), in run order. */
  readonly passKRuns: readonly PassKRun[]
}

/**
 * Each executor in turn: an executor object runs in this thread; for a
 * supervised comparison pass a function that opens a run service (a worker
 * pool) for each, which is closed when its row is done.
 */
export async function compare(executors: readonly (Executor | (() => Promise<RunService>))[], options: CompareOptions): Promise<LeaderboardRow[]> {
  const shard = options.shard ?? null
  const rows: LeaderboardRow[] = []
  // pass^k replays the campaign's first scenarios (each regenerable from the seed and its index, so shards can share them out).
  const sample = campaignScenarios(options.generator.arbitrary, options.seed, Math.min(options.passKScenarios, options.runs))
  const mine = sample.map((scenario, index) => ({ scenario, index })).filter(({ index }) => inShard(index, shard))
  for (const e of executors) {
    const service = typeof e === 'function' ? await e() : asService(e)
    try {
      const result = await search(service, { runs: options.runs, seed: options.seed, stopAtFirstFailure: false, shrinkEach: true, generator: options.generator, shard })
      const passed = await passKEach(service, mine.map((m) => m.scenario), options.k)
      const passKRuns = mine.map(({ index }, j) => ({ index, passed: passed[j]! }))
      rows.push({ ...result, passK: passKOf(options.k, passKRuns), passKRuns })
    } finally {
      await service.close()
    }
  }
  return rows
}

/** pass^k over some scenarios' results. */
export function passKOf(k: number, runs: readonly PassKRun[]): PassK {
  const passed = runs.filter((r) => r.passed).length
  return { k, scenarios: runs.length, passed, rate: runs.length ? passed / runs.length : 1 }
}

/** The share of scenarios an executor gets right on every one of k replays with different seeds. */
export async function passK(target: Executor | RunService, scenarios: readonly Scenario[], k: number): Promise<PassK> {
  return passKOf(k, (await passKEach(target, scenarios, k)).map((passed, index) => ({ index, passed })))
}

/** For each scenario: did the executor get it right on every one of k replays with different seeds? */
async function passKEach(target: Executor | RunService, scenarios: readonly Scenario[], k: number): Promise<boolean[]> {
  const service = asService(target)
  try {
    return await Promise.all(
      scenarios.map(async (scenario) => {
        for (let j = 0; j < k; j++) {
          const { history } = await service.run({ ...scenario, seed: (scenario.seed + j * 7_919) % 2 ** 31 })
          if (judge(history).violations.length > 0) return false
        }
        return true
      }),
    )
  } finally {
    if (service !== target) await service.close()
  }
}
