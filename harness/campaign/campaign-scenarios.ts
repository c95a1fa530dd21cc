import fc from 'fast-check'
import type { Scenario } from '../scenario/scenario.ts'

/**
 * The campaign's scenarios as fast-check's
 * runner draws them for this seed, so run i
 * is what shrinking's path replay of i gives
 * back (`fc.sample` draws another sequence).
 */
export function campaignScenarios(arbitrary: fc.Arbitrary<Scenario>, seed: number, runs: number): Scenario[] {
  const out: Scenario[] = []
  fc.check(
    fc.property(arbitrary, (s) => {
      out.push(s)
      return true
    }),
    { seed, numRuns: runs },
  )
  return out
}
