import { describe, expect, it } from 'vitest'
import { worldCost } from '../../bench/world-cost.ts'
import { noopExecutor } from '../../harness/contract/noop-executor.ts'
import { World } from '../../harness/run/world.ts'

describe('worldCost', () => {
  it("times each step of a world's life, and leaves the thread as it found it", async () => {
    const globals = { setTimeout, Date, random: Math.random, fetch: globalThis.fetch, now: performance.now }
    const cost = await worldCost(noopExecutor, 20, 1)
    for (const ms of [cost.openMs, cost.closeMs, cost.disposeMs]) {
      expect(ms).toBeGreaterThan(0)
      expect(ms).toBeLessThan(1_000)
    }
    expect(World.active()).toBeNull()
    expect({ setTimeout, Date, random: Math.random, fetch: globalThis.fetch, now: performance.now }).toEqual(globals)
  })
})
