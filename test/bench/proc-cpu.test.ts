import { describe, expect, it } from 'vitest'
import { cpuByRole, processesMs, type ThreadTimes, threadTimes } from '../../bench/proc-cpu.ts'

const me = process.pid
/** Thread times from [pid, tid, ms] rows. */
const times = (rows: [number, number, number][]): ThreadTimes =>
  new Map(rows.map(([pid, tid, ms]) => [`${pid}/${tid}`, { pid, tid, ms }]))

describe('cpuByRole', () => {
  it('splits the CPU between two reads into main, workers, hosts and helpers', () => {
    const before = times([
      [me, me, 100],
      [me, me + 1, 10],
      [900, 900, 50],
      [900, 901, 200],
      [900, 902, 20],
    ])
    const after = times([
      [me, me, 130],
      [me, me + 1, 15],
      [900, 900, 54],
      // The busiest: the worker, though
      // another thread has used more in all.
      [900, 901, 207],
      [900, 902, 60],
      [900, 903, 300],
      // A child started in between.
      [950, 950, 8],
      [950, 951, 90],
      [950, 952, 3],
    ])
    expect(cpuByRole(before, after)).toEqual({ main: 30, workers: 300 + 90, hosts: 4 + 8, helpers: 5 + 7 + 40 + 3 })
  })

  it.skipIf(process.platform !== 'linux')('reads this process from /proc', () => {
    const now = threadTimes()
    expect(now.get(`${me}/${me}`)?.pid).toBe(me)
  })
})

describe('processesMs', () => {
  it.skipIf(process.platform !== 'linux')("counts a process's CPU as it is used", () => {
    const before = processesMs([me])
    // 100 ms of CPU, however busy the machine.
    const start = process.cpuUsage()
    const usedUs = () => {
      const { user, system } = process.cpuUsage(start)
      return user + system
    }
    while (usedUs() < 100_000) {}
    // /proc counts in 10 ms ticks.
    expect(processesMs([me]) - before).toBeGreaterThanOrEqual(80)
    expect(processesMs([])).toBe(0)
  })
})
