// A size ramp along a campaign. fast-check hands every arbitrary a bias factor
// that its runner derives from the run's index alone (2 for runs 1-9, 3 for
// 10-99, 4 for 100-999, 5 from run 1,000 on: fast-check 4.11, Property.generate,
// runIdToFrequency), and a path replay of run i (the start of shrinking) hands
// it the same one. Reading the size from it makes the size a function of the
// run's index: any run can be regenerated on its own, and a campaign split into
// shards regenerates the same sequence. Early runs lean small (cheap, and their
// failures are already nearly minimal); later ones lean large, where rare
// conjunctions of faults, crashes and model behaviour live.
import fc from 'fast-check'

/** The sizes a scenario can have: 1 (a step or two, a fault each) to 4 (five steps, up to four faults each). */
export type CampaignSize = 1 | 2 | 3 | 4

/** Weights of sizes 1-4 for runs 1-9, 10-99, 100-999 and from 1,000 on; never only small, never only large. */
const WEIGHTS: readonly (readonly number[])[] = [
  [3, 3, 2, 2],
  [2, 2, 3, 3],
  [1, 2, 3, 4],
  [1, 1, 3, 5],
]

/** The weights in force at a bias factor (no bias factor: fast-check's sampling without bias — the largest). */
export function sizeWeights(biasFactor: number | undefined): readonly number[] {
  const tier = biasFactor === undefined ? WEIGHTS.length - 1 : Math.min(WEIGHTS.length - 1, Math.max(0, Math.floor(biasFactor) - 2))
  return WEIGHTS[tier]!
}

class CampaignSizeArbitrary extends fc.Arbitrary<CampaignSize> {
  generate(mrng: fc.Random, biasFactor: number | undefined): fc.Value<CampaignSize> {
    const weights = sizeWeights(biasFactor)
    let pick = mrng.nextInt(1, weights.reduce((a, b) => a + b, 0))
    let size = 1
    for (const w of weights) {
      if (pick <= w) break
      pick -= w
      size++
    }
    return new fc.Value(size as CampaignSize, undefined)
  }

  // The size is where a scenario was drawn from, not part of it: it never shrinks.
  canShrinkWithoutContext(_value: unknown): _value is CampaignSize {
    return false
  }

  shrink(): fc.Stream<fc.Value<CampaignSize>> {
    return fc.Stream.nil()
  }
}

/** This run's size, by its index in the campaign. */
export function campaignSize(): fc.Arbitrary<CampaignSize> {
  return new CampaignSizeArbitrary()
}
