// A finished run's leftovers in a worker: an SDK that retries a request the run
// ended arms its delay after the run is over. That timer must never run, and
// must not cost the worker its life (a replacement reloads every module).
import { spawnSync } from 'node:child_process'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { WorkerPool } from '../../../harness/supervisor/pool.ts'
import { scenarioArbitrary } from '../../../scenarios/arbitraries.ts'
import { campaignScenarios } from '../../../harness/campaign/campaign-scenarios.ts'
import { refundScenario } from '../../support/scenario.ts'

const fixture = resolve(import.meta.dirname, '../../fixtures/hostile/retries-after-run.ts')
const root = resolve(import.meta.dirname, '../../..')

function answers(history: readonly { type: string; envelope?: { message: string } }[]): string[] {
  return history.filter((e) => e.type === 'outcome-reported').map((e) => e.envelope!.message)
}

describe('leftovers of a finished run in a worker', () => {
  it('a timer armed after the run ended never fires, and the worker stays', async () => {
    const pool = await WorkerPool.open({ kind: 'module', path: fixture, spec: fixture })
    try {
      // The request is dropped: held until the run ends, then rejected; the executor's retry timer comes after.
      const held = refundScenario({ model: { maxAsks: 1, regenerateArgs: false }, faults: [{ kind: 'dropped', boundary: 'in-transit', step: 's1', send: 1 }] })
      expect(answers((await pool.run(held)).history)).toEqual(['calls=1 leftovers-fired=0'])
      await new Promise((r) => setTimeout(r, 400)) // past the leftover's 200 ms, in real time
      const plain = refundScenario({ model: { maxAsks: 1, regenerateArgs: false } })
      expect(answers((await pool.run(plain)).history)).toEqual(['calls=2 leftovers-fired=0']) // the same module instance: the same worker
      expect(pool.workersStarted).toBe(1)
    } finally {
      await pool.close()
    }
  })

  it('stripe-node at its defaults keeps its worker through a campaign (its retries used to cost one in eight runs a new worker)', async () => {
    const pool = await WorkerPool.open({ kind: 'bundled', name: 'stripe-sdk-defaults' })
    try {
      for (const scenario of campaignScenarios(scenarioArbitrary(), 3, 30)) await pool.run(scenario)
      expect(pool.workersStarted).toBe(1)
    } finally {
      await pool.close()
    }
  })

  // The guard is for a worker's whole life, so it is tried in a process of its own.
  it('the guarded timers are Node\'s for everyone else: promisify works, a refused timer is inert and never fires', () => {
    const code = `
      import { promisify } from 'node:util'
      import { refuseLeftoverTimers } from './harness/supervisor/leftover-timers.ts'
      let refuse = false
      refuseLeftoverTimers(() => refuse)
      const out = [setTimeout.name, await promisify(setTimeout)(5, 'slept'), await promisify(setImmediate)('next')]
      const resources = process.getActiveResourcesInfo().length
      refuse = true
      let fired = 0
      const t = setTimeout(() => fired++, 5)
      t.unref()
      clearTimeout(t)
      setInterval(() => fired++, 5)
      setImmediate(() => fired++)
      refuse = false
      await new Promise((r) => setTimeout(r, 40))
      out.push(fired, process.getActiveResourcesInfo().length - resources)
      console.log(JSON.stringify(out))`
    const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], { cwd: root, encoding: 'utf8' })
    expect(child.stderr).toBe('')
    expect(JSON.parse(child.stdout)).toEqual(['setTimeout', 'slept', 'next', 0, 0])
  })
})
