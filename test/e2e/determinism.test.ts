import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { reference } from '../../executors/reference/reference.ts'
import { naive } from '../../executors/naive.ts'
import { runScenario } from '../../harness/run/runner.ts'
import { scenarioArbitrary } from '../../scenarios/arbitraries.ts'

describe('determinism', () => {
  it('the same scenario and seed give the identical serialized history, for every generated scenario sampled', async () => {
    const seed = 20261129
    console.log(`determinism sample seed: ${seed}`)
    const scenarios = fc.sample(scenarioArbitrary(), { seed, numRuns: 40 })
    for (const scenario of scenarios) {
      for (const executor of [reference, naive]) {
        const a = JSON.stringify((await runScenario(scenario, executor)).history)
        const b = JSON.stringify((await runScenario(scenario, executor)).history)
        expect(b).toBe(a)
      }
    }
  })
})
