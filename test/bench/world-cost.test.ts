import fs from 'node:fs'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { worldCost } from '../../bench/world-cost.ts'
import { noopExecutor } from '../../harness/contract/noop-executor.ts'
import { World } from '../../harness/run/world.ts'

/** What a world or the in-thread service patches. */
const patched = () => ({
  setTimeout,
  Date,
  random: Math.random,
  fetch: globalThis.fetch,
  now: performance.now,
  writeFileSync: fs.writeFileSync,
})

afterEach(() => {
  vi.restoreAllMocks()
})

describe('worldCost', () => {
  it('opens, closes and disposes a world a scenario, and leaves the thread as it found it', async () => {
    const before = patched()
    const close = vi.spyOn(World.prototype, 'close')
    const dispose = vi.spyOn(World.prototype, 'dispose')
    const cost = await worldCost(noopExecutor, 20, 1)
    expect(close).toHaveBeenCalledTimes(20)
    expect(dispose).toHaveBeenCalledTimes(20)
    for (const ms of [cost.openMs, cost.closeMs, cost.disposeMs]) {
      expect(ms).toBeGreaterThan(0)
      expect(ms).toBeLessThan(1_000)
    }
    expect(World.active()).toBeNull()
    expect(patched()).toEqual(before)
  })

  it('a world that fails to close is still disposed, and the thread put back', async () => {
    const before = patched()
    let calls = 0
    const real = World.prototype.close
    vi.spyOn(World.prototype, 'close').mockImplementation(function (this: World, stopped?: string) {
      if (++calls === 3) throw new Error('close failed')
      return real.call(this, stopped)
    })
    await expect(worldCost(noopExecutor, 5, 1)).rejects.toThrow('close failed')
    expect(World.active()).toBeNull()
    expect(patched()).toEqual(before)
  })
})
