// A host's V8 collects garbage on one thread when
// the workers take every core (parallel helpers
// would only contend), lets its old generation
// grow further between mark-compacts, and loads
// as usual.
import { availableParallelism } from 'node:os'
import { describe, expect, it } from 'vitest'
import { bundledRef } from '../../../executors/index.ts'
import { DEFAULT_BUDGETS } from '../../../harness/supervisor/budgets.ts'
import { gcFor, killGroup, loadInto, spawn } from '../../../harness/supervisor/spawn.ts'

describe('spawn', () => {
  it('chooses serial GC when the workers take every core, parallel when one is left', () => {
    const cores = availableParallelism()
    expect(gcFor(cores)).toBe('serial')
    expect(gcFor(cores + 1)).toBe('serial')
    expect(gcFor(Math.max(0, cores - 1))).toBe(cores > 1 ? 'parallel' : 'serial')
  })

  it('starts a serial host with one GC thread, any host with a roomier old generation, and it loads an executor', async () => {
    for (const gc of ['serial', 'parallel'] as const) {
      const slot = spawn(DEFAULT_BUDGETS, () => {}, gc)
      try {
        expect(slot.host.spawnargs.includes('--single-threaded-gc')).toBe(gc === 'serial')
        expect(slot.host.spawnargs).toContain('--heap-growing-percent=200')
        const { name } = await loadInto(slot, bundledRef('reference'), DEFAULT_BUDGETS)
        expect(name).toBe('reference')
      } finally {
        killGroup(slot)
        await slot.gone
      }
    }
  }, 60_000)
})
