// A size ramp along a campaign, read from
// fast-check's bias factor (fast-check 4.11
// runIdToFrequency), so a run's size depends
// on its index alone: shards and replays
// regenerate it. Small early, large late.
import fc from 'fast-check'

/** A scenario's size: 1 (smallest) to 4. */
export type CampaignSize = 1 | 2 | 3 | 4

/**
 * Weights of sizes 1-4 for runs 1-9, 10-99,
 * 100-999 and 1,000 on; never one size only.
 */
const WEIGHTS: readonly (readonly number[])[] = [
  [3, 3, 2, 2],
  [2, 2, 3, 3],
  [1, 2, 3, 4],
  [1, 1, 3, 5],
]

/**
 * The weights at a bias factor; none
 * (unbiased sampling) gets the largest.
 */
export function sizeWeights(biasFactor: number | undefined): readonly number[] {
  const tier =
    biasFactor === undefined
      ? WEIGHTS.length - 1
      : Math.min(WEIGHTS.length - 1, Math.max(0, Math.floor(biasFactor) - 2))
  return WEIGHTS[tier]!
}

class CampaignSizeArbitrary extends fc.Arbitrary<CampaignSize> {
  generate(mrng: fc.Random, biasFactor: number | undefined): fc.Value<CampaignSize> {
    const weights = sizeWeights(biasFactor)
    let pick = mrng.nextInt(
      1,
      weights.reduce((a, b) => a + b, 0),
    )
    let size = 1
    for (const w of weights) {
      if (pick <= w) break
      pick -= w
      size++
    }
    return new fc.Value(size as CampaignSize, undefined)
  }

  // Where a scenario was drawn from, not
  // part of it: it never shrinks.
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
