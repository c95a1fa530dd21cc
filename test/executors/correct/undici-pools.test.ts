// No false alarms against code faultline did not
// shape: a correct executor on undici's own Pools
// (not fetch, not node:http) shows no violation,
// and its requests really went through its Pools.
import { Pool } from 'undici'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { search } from '../../../harness/campaign/search.ts'
import { scenarioGenerator } from '../../../scenarios/arbitraries.ts'
import undiciPools from '../../fixtures/correct-undici/undici-pools.ts'

const SEED = Number(process.env.FAULTLINE_SEED ?? 7)
const RUNS = Number(process.env.FAULTLINE_RUNS ?? 250)

afterEach(() => {
  vi.restoreAllMocks()
})

describe('undici-pools (a correct executor on undici Pools)', () => {
  it('shows no violation over generated vendor-profile runs, its requests sent through its Pools', async () => {
    console.log(`undici-pools: seed ${SEED}, ${RUNS} runs (replay: FAULTLINE_SEED=${SEED} FAULTLINE_RUNS=${RUNS})`)
    // Counts the requests handed to a Pool (the
    // fixture's import of undici is this one).
    const handed = vi.spyOn(Pool.prototype, 'request')
    const result = await search(undiciPools, {
      runs: RUNS,
      seed: SEED,
      stopAtFirstFailure: true,
      generator: scenarioGenerator(),
    })
    const c = result.counterexample
    expect(c ? `${c.judge}: ${c.violations[0]?.message ?? ''}\n${JSON.stringify(c.scenario)}` : null).toBeNull()
    expect(result.summary.runs).toBe(RUNS)
    // Something was tested: requests reached the
    // services, each one handed to a Pool first,
    // and none went past the mocks.
    expect(result.summary.nothingTested).toBeNull()
    expect(result.summary.requests).toBeGreaterThan(0)
    expect(handed.mock.calls.length).toBeGreaterThanOrEqual(result.summary.requests)
    expect(handed.mock.contexts.every((pool) => pool instanceof Pool)).toBe(true)
    expect(result.summary.blocked.attempts).toBe(0)
    expect(result.runs.filter((r) => r.verdict.requests > 0).length).toBeGreaterThan(RUNS / 2)
  }, 120_000)
})
