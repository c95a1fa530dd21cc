// Rows at once and shrinks at once: the same
// leaderboard as one at a time, only sooner.
import { describe, expect, it } from 'vitest'
import { bundledRef } from '../../../executors/index.ts'
import { compare, type LeaderboardRow } from '../../../harness/campaign/compare.ts'
import { WorkerPool } from '../../../harness/supervisor/pool.ts'
import type { RunService } from '../../../harness/supervisor/run-service.ts'
import { scenarioGenerator } from '../../../scenarios/arbitraries.ts'

/** Real times differ run to run; the rest may not. */
function verdictsOf(rows: readonly LeaderboardRow[]): string {
  return JSON.stringify(rows, (k, v) =>
    k === 'realMs' || k === 'shrinkRealMs' || k === 'medianSpeedup' || k === 'speedups' ? undefined : v,
  )
}

/**
 * Pools that count how many rows are open at once:
 * from compare asking for one to its close, so a
 * slow worker boot on a busy machine cannot hide it.
 */
function pools(names: readonly string[], workers: number) {
  let open = 0
  let most = 0
  const factories = names.map((name) => async (): Promise<RunService> => {
    most = Math.max(most, ++open)
    const pool = await WorkerPool.open(bundledRef(name), { workers })
    const close = pool.close.bind(pool)
    pool.close = async () => {
      open--
      await close()
    }
    return pool
  })
  return { factories, most: () => most }
}

const OPTIONS = { runs: 24, seed: 5, k: 2, passKScenarios: 6, generator: scenarioGenerator() }

describe('compare, rows at once', () => {
  it('runs two executors at once, with the leaderboard of one at a time, in the order named', async () => {
    const names = ['naive', 'reference', 'key-from-the-model']
    const one = pools(names, 1)
    const two = pools(names, 1)
    const alone = await compare(one.factories, OPTIONS)
    const together = await compare(two.factories, { ...OPTIONS, rowsAtOnce: 2 })
    expect(one.most()).toBe(1)
    expect(two.most()).toBe(2)
    expect(together.map((r) => r.summary.executor)).toEqual(names)
    expect(alone.some((r) => r.counterexamples.length > 1)).toBe(true)
    expect(verdictsOf(together)).toBe(verdictsOf(alone))
  }, 120_000)

  it("shrinks an executor's counterexamples at once with two workers, to the same minimal scenarios", async () => {
    const alone = await compare(pools(['naive'], 1).factories, OPTIONS)
    const paired = await compare(pools(['naive'], 2).factories, OPTIONS)
    expect(alone[0]!.counterexamples.length).toBeGreaterThan(1)
    expect(verdictsOf(paired)).toBe(verdictsOf(alone))
  }, 120_000)
})
