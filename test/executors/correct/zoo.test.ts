// No false alarms: the correct zoo (written as real
// teams do: SDK defaults, Web Crypto keys, monotonic
// budgets) shows no violation in the vendor-faithful
// profile. Short here; `npm run bench:soak` is long.
import { describe, expect, it } from 'vitest'
import { CORRECT_ZOO, loadBundled } from '../../../executors/index.ts'
import { search } from '../../../harness/campaign/search.ts'
import { scenarioGenerator } from '../../../scenarios/arbitraries.ts'

const SEED = Number(process.env.FAULTLINE_SEED ?? 7)
const RUNS = Number(process.env.FAULTLINE_RUNS ?? 250)

describe('the correct zoo', () => {
  it('has six members, each with its own style', () => {
    expect(CORRECT_ZOO).toHaveLength(6)
  })

  it.each(CORRECT_ZOO.map((n) => [n]))(
    '%s shows no violation over generated vendor-profile runs',
    async (name) => {
      console.log(`${name}: seed ${SEED}, ${RUNS} runs (replay: FAULTLINE_SEED=${SEED} FAULTLINE_RUNS=${RUNS})`)
      const executor = await loadBundled(name)
      const result = await search(executor, {
        runs: RUNS,
        seed: SEED,
        stopAtFirstFailure: true,
        generator: scenarioGenerator(),
      })
      const c = result.counterexample
      expect(c ? `${c.judge}: ${c.violations[0]?.message ?? ''}\n${JSON.stringify(c.scenario)}` : null).toBeNull()
      expect(result.summary.runs).toBe(RUNS)
    },
    120_000,
  )
})
