// Compare executors on the same seeded scenarios: a leaderboard of
// violations per judge, unresolved rate, recovery latency, verification cost,
// pass^k reliability, and one minimal counterexample per violation class.
import fc from 'fast-check'
import { scenarioArbitrary } from '../../scenarios/arbitraries.ts'
import type { Executor } from '../contract/executor.ts'
import { judge } from '../judge/verdict.ts'
import { startInterception, stopInterception } from '../sim/network.ts'
import { runScenario } from './runner.ts'
import type { Scenario } from './scenario.ts'
import { search, type SearchResult } from './search.ts'

export interface CompareOptions {
  readonly runs: number
  readonly seed: number
  /** Replays per scenario for pass^k (each with another seed for the run's randomness). */
  readonly k: number
  /** How many of the generated scenarios pass^k replays. */
  readonly passKScenarios: number
  readonly arbitrary?: fc.Arbitrary<Scenario>
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

export async function compare(executors: readonly Executor[], options: CompareOptions): Promise<LeaderboardRow[]> {
  const arbitrary = options.arbitrary ?? scenarioArbitrary()
  const rows: LeaderboardRow[] = []
  startInterception()
  try {
    const sample = fc.sample(arbitrary, { seed: options.seed, numRuns: Math.min(options.passKScenarios, options.runs) })
    for (const executor of executors) {
      const result = await search(executor, { runs: options.runs, seed: options.seed, stopAtFirstFailure: false, shrinkEach: true, arbitrary })
      rows.push({ ...result, passK: await passK(executor, sample, options.k) })
    }
  } finally {
    stopInterception()
  }
  return rows
}

/** The share of scenarios an executor gets right on every one of k replays with different seeds. */
export async function passK(executor: Executor, scenarios: readonly Scenario[], k: number): Promise<PassK> {
  let passed = 0
  for (const scenario of scenarios) {
    let all = true
    for (let j = 0; j < k && all; j++) {
      const { history } = await runScenario({ ...scenario, seed: (scenario.seed + j * 7_919) % 2 ** 31 }, executor)
      all = judge(history).violations.length === 0
    }
    if (all) passed++
  }
  return { k, scenarios: scenarios.length, passed, rate: scenarios.length ? passed / scenarios.length : 1 }
}
