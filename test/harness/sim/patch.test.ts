// Global patches: undone in reverse, and a
// finished run's patches keep nothing alive.
import { GCProfiler } from 'node:v8'
import { describe, expect, it } from 'vitest'
import { installClock } from '../../../harness/sim/clock.ts'
import { patchProperty, undoAll, type Patch } from '../../../harness/sim/patch.ts'

/** Old-space bytes the scavenges promoted. */
async function promotedPerRun(runs: number, run: () => void): Promise<number> {
  const profiler = new GCProfiler()
  profiler.start()
  for (let i = 0; i < runs; i++) {
    run()
    if (i % 20 === 0) await new Promise((r) => setImmediate(r))
  }
  let promoted = 0
  for (const gc of profiler.stop().statistics) {
    if (gc.gcType !== 'Scavenge') continue
    const old = (at: typeof gc.afterGC) =>
      at.heapSpaceStatistics.find((s) => s.spaceName === 'old_space')!.spaceUsedSize
    promoted += old(gc.afterGC) - old(gc.beforeGC)
  }
  return promoted / runs
}

describe('patchProperty', () => {
  it('undoes in reverse and restores the originals, an absent property by deleting it', () => {
    const target: Record<string, number> = { a: 1, b: 2 }
    const patches: Patch[] = [patchProperty(target, 'a', 10), patchProperty(target, 'c', 30)]
    expect(target).toEqual({ a: 10, b: 2, c: 30 })
    undoAll(patches)
    expect(target).toEqual({ a: 1, b: 2 })
  })

  it('patches any property to a writable, configurable value of its enumerability, and restores its descriptor', () => {
    const target = {} as Record<string, unknown>
    Object.defineProperty(target, 'plain', { value: 1, writable: true, configurable: true, enumerable: true })
    Object.defineProperty(target, 'hidden', { value: 2, writable: true, configurable: true, enumerable: false })
    Object.defineProperty(target, 'fixed', { value: 3, writable: false, configurable: true, enumerable: false })
    Object.defineProperty(target, 'getter', { get: () => 4, configurable: true, enumerable: true })
    const keys = ['plain', 'hidden', 'fixed', 'getter', 'absent']
    const before = Object.getOwnPropertyDescriptors(target)
    const patches = keys.map((k) => patchProperty(target, k, `ours ${k}`))
    for (const k of keys)
      expect(Object.getOwnPropertyDescriptor(target, k)).toEqual({
        value: `ours ${k}`,
        writable: true,
        configurable: true,
        enumerable: before[k]?.enumerable ?? true,
      })
    undoAll(patches)
    expect(Object.getOwnPropertyDescriptors(target)).toEqual(before)
  })

  it("leaves a finished run's patches to die young: the next runs' scavenges promote none of them", async () => {
    // 60 KB a run, reachable only through the
    // clock's patches; a process-long registry
    // of live patches kept them (~40 KB a run).
    const run = () => {
      const payload = Array.from({ length: 600 }, (_, i) => ({ i, o: { i } }))
      const clock = installClock({ owner: () => null, alive: () => payload.length > 0, threw: () => {} })
      clock.advance(20)
      clock.uninstall()
    }
    await promotedPerRun(300, run) // warm-up
    expect(await promotedPerRun(600, run)).toBeLessThan(20_000)
  })
})
