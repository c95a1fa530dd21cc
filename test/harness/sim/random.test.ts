// The run's seeded randomness: the same seed,
// the same draws, on every machine.
import { describe, expect, it } from 'vitest'
import { createRng, uuidFrom } from '../../../harness/sim/random.ts'

describe('uuidFrom', () => {
  it("draws the seed's UUIDs, version 4 and RFC 4122's variant", () => {
    const rng = createRng(5)
    // Recorded: a change here changes histories.
    expect([uuidFrom(rng), uuidFrom(rng)]).toEqual([
      '49d02c0f-77f7-4b17-ad71-5fba3cd70961',
      '2a3611fb-3388-4d8d-b303-864d223c51d5',
    ])
    for (let i = 0; i < 1000; i++)
      expect(uuidFrom(rng)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
  })
})
