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

/**
 * Run `index`'s scenario alone: the ones
 * before it are drawn, never kept, so a
 * late run costs no memory.
 */
export function campaignScenario(arbitrary: fc.Arbitrary<Scenario>, seed: number, index: number): Scenario {
  let kept: Scenario | null = null
  let i = 0
  fc.check(
    fc.property(arbitrary, (s) => {
      if (i++ === index) kept = s
      return true
    }),
    { seed, numRuns: index + 1 },
  )
  return kept!
}
