// Compare executors on the same seeded scenarios: a leaderboard of
// violations per judge, unresolved rate, recovery latency, verification cost,
// pass^k reliability, and one minimal counterexample per violation class.
import fc from 'fast-check'
import type { Executor } from '../contract/executor.ts'
import { judge } from '../judge/verdict.ts'
import type { RunService } from '../supervisor/run-service.ts'
import type { Scenario } from '../scenario/scenario.ts'
import type { ScenarioGenerator } from '../scenario/generator.ts'
import { asService, search, type SearchResult } from './search.ts'

export interface CompareOptions {
  readonly runs: number
  readonly seed: number
  /** Replays per scenario for pass^k (each with another seed for the run's randomness). */
  readonly k: number
  /** How many of the generated scenarios pass^k replays. */
  readonly passKScenarios: number
  /** What draws the scenarios (scenarios/arbitraries.ts makes the default one). */
  readonly generator: ScenarioGenerator
}

export interface PassK {
  readonly k: number
  readonly scenarios: number
  /** Scenarios the executor got right on every one of the k replays. */
  readonly passed: number
  readonly rate: number
}

export interface LeaderboardRow extends SearchResult {
  readonly passK: PassK
}

/**
 * Each executor in turn: an executor object runs in this thread; for a
 * supervised comparison pass a function that opens a run service (a worker
 * pool) for each, which is closed when its row is done.
 */
export async function compare(executors: readonly (Executor | (() => Promise<RunService>))[], options: CompareOptions): Promise<LeaderboardRow[]> {
  const arbitrary = options.generator.arbitrary
  const rows: LeaderboardRow[] = []
  const sample = fc.sample(arbitrary, { seed: options.seed, numRuns: Math.min(options.passKScenarios, options.runs) })
  for (const e of executors) {
    const service = typeof e === 'function' ? await e() : asService(e)
    try {
      const result = await search(service, { runs: options.runs, seed: options.seed, stopAtFirstFailure: false, shrinkEach: true, generator: options.generator })
      rows.push({ ...result, passK: await passK(service, sample, options.k) })
    } finally {
      await service.close()
    }
  }
  return rows
}

/** The share of scenarios an executor gets right on every one of k replays with different seeds. */
export async function passK(target: Executor | RunService, scenarios: readonly Scenario[], k: number): Promise<PassK> {
  const service = asService(target)
  try {
    const results = await Promise.all(
      scenarios.map(async (scenario) => {
        for (let j = 0; j < k; j++) {
          const { history } = await service.run({ ...scenario, seed: (scenario.seed + j * 7_919) % 2 ** 31 })
          if (judge(history).violations.length > 0) return false
        }
        return true
      }),
    )
    const passed = results.filter(Boolean).length
    return { k, scenarios: scenarios.length, passed, rate: scenarios.length ? passed / scenarios.length : 1 }
  } finally {
    if (service !== target) await service.close()
  }
}
