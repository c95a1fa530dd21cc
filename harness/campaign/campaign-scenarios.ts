import fc from 'fast-check'
import type { Scenario } from '../scenario/scenario.ts'

/**
 * The campaign's scenarios: the values fast-check's own runner draws for this
 * seed, in its order, so that run i is exactly what a path replay of i (the
 * start of shrinking) gives back. (`fc.sample` draws another sequence for
 * some arbitraries; the runner's is the one shrinking replays.)
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
