// A worker handed from one bundled executor's pool
// to the next: the same process, the same runs as a
// new worker's; a user's module never takes one.
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { bundledRef } from '../../../executors/index.ts'
import { campaignScenarios } from '../../../harness/campaign/campaign-scenarios.ts'
import { HostBank } from '../../../harness/supervisor/host-bank.ts'
import { WorkerPool } from '../../../harness/supervisor/pool.ts'
import { scenarioArbitrary } from '../../../scenarios/arbitraries.ts'

const SCENARIOS = campaignScenarios(scenarioArbitrary(), 9, 6)
const CUSTOM = join(import.meta.dirname, '../../fixtures/custom-executor.ts')

async function histories(pool: WorkerPool): Promise<string[]> {
  const out: string[] = []
  for (const s of SCENARIOS) out.push(JSON.stringify((await pool.run(s)).history))
  return out
}

/** The kept worker's process id (put back). */
function keptPid(bank: HostBank): number | undefined {
  const slot = bank.take()
  if (!slot) return undefined
  bank.give(slot)
  return slot.host.pid
}

describe('HostBank', () => {
  it("hands a closed pool's idle worker to the next bundled executor, whose runs are a new worker's", async () => {
    const bank = new HostBank()
    try {
      const naive = await WorkerPool.open(bundledRef('naive'), { hosts: bank })
      await histories(naive)
      await naive.close()
      expect(bank.size).toBe(1)
      const pid = keptPid(bank)
      const reference = await WorkerPool.open(bundledRef('reference'), { hosts: bank })
      expect(bank.size).toBe(0)
      expect(reference.executorName).toBe('reference')
      const kept = await histories(reference)
      await reference.close()
      expect(keptPid(bank)).toBe(pid)
      const fresh = await WorkerPool.open(bundledRef('reference'))
      try {
        expect(kept).toEqual(await histories(fresh))
      } finally {
        await fresh.close()
      }
    } finally {
      await bank.close()
    }
  }, 60_000)

  it("never lends one to a user's module, nor keeps its workers; closing ends the kept ones", async () => {
    const bank = new HostBank()
    const naive = await WorkerPool.open(bundledRef('naive'), { hosts: bank })
    await naive.close()
    const slot = bank.take()!
    bank.give(slot)
    const custom = await WorkerPool.open({ kind: 'module', path: CUSTOM, spec: CUSTOM }, { hosts: bank })
    expect(bank.size).toBe(1)
    await custom.run(SCENARIOS[0]!)
    await custom.close()
    expect(bank.size).toBe(1)
    await bank.close()
    expect(slot.host.connected).toBe(false)
    expect(slot.host.signalCode ?? slot.host.exitCode).not.toBeNull()
  }, 60_000)
})
