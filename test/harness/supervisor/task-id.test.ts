// Task ids cannot be guessed from a count
// of runs: a forged result would name its own.
import { describe, expect, it } from 'vitest'
import { newTask } from '../../../harness/supervisor/task-id.ts'

describe('newTask', () => {
  it('draws ids an Int32 holds, not in sequence, all but never the same', () => {
    const ids = Array.from({ length: 1_000 }, newTask)
    expect(ids.every((id) => Number.isInteger(id) && id >= 1 && id < 2 ** 31 - 1)).toBe(true)
    expect(new Set(ids).size).toBeGreaterThan(995)
    const steps = ids.slice(1).filter((id, i) => id === ids[i]! + 1)
    expect(steps.length).toBeLessThan(5)
  })
})
