// An SDK retrying a request the run ended arms its
// delay after the run. That timer is held and fired
// right after the run, before the next, and costs
// the worker nothing (a replacement reloads every
// module); a leftover that never ends, throws, exits
// or blocks does, and is never a finding of a run.
import { bundledRef } from '../../../executors/index.ts'
import { spawnSync } from 'node:child_process'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { History } from '../../../harness/history/history.ts'
import type { ExecutorRef } from '../../../harness/supervisor/executor-ref.ts'
import { WorkerPool, type PoolOptions } from '../../../harness/supervisor/pool.ts'
import { scenarioArbitrary } from '../../../scenarios/arbitraries.ts'
import { campaignScenarios } from '../../../harness/campaign/campaign-scenarios.ts'
import { refundScenario } from '../../support/scenario.ts'

const hostile = (name: string) => resolve(import.meta.dirname, `../../fixtures/hostile/${name}.ts`)
const root = resolve(import.meta.dirname, '../../..')

function answers(history: History): string[] {
  return history.flatMap((e) => (e.type === 'outcome-reported' ? [e.envelope.message] : []))
}
function faults(history: History): string[] {
  return history.flatMap((e) => (e.type === 'executor-fault' ? [e.problem] : []))
}

// Dropped: held until the run ends, then answered
// 500; the executor's retry timer comes after.
const cutOff = refundScenario({
  model: { maxAsks: 1, regenerateArgs: false },
  faults: [{ kind: 'dropped', boundary: 'in-transit', step: 's1', send: 1 }],
})
const plain = refundScenario({ model: { maxAsks: 1, regenerateArgs: false } })

async function twoRuns(
  ref: ExecutorRef,
  options: PoolOptions = {},
): Promise<{ first: History; second: History; workersStarted: number; ms: number }> {
  const pool = await WorkerPool.open(ref, options)
  try {
    const start = performance.now()
    const first = (await pool.run(cutOff)).history
    const second = (await pool.run(plain)).history
    return { first, second, workersStarted: pool.workersStarted, ms: performance.now() - start }
  } finally {
    await pool.close()
  }
}
const fixture = (name: string): ExecutorRef => ({ kind: 'module', path: hostile(name), spec: hostile(name) })

describe('leftovers of a finished run in a worker', () => {
  it('a timer armed after the run ended fires before the next run, and the worker stays', async () => {
    const { first, second, workersStarted } = await twoRuns(fixture('retries-after-run'))
    expect(answers(first)).toEqual(['calls=1 leftovers-fired=0'])
    expect(answers(second)).toEqual(['calls=2 leftovers-fired=1']) // same module instance, the leftover done
    expect(workersStarted).toBe(1)
  })

  it('a lock the leftover holds in module state is released before the next run, which does not wait for it', async () => {
    const { second, workersStarted } = await twoRuns(fixture('lock-across-retry'))
    expect(faults(second)).toEqual([]) // had the retry never run, this would hang on the lock
    expect(answers(second)).toEqual(['calls=2'])
    expect(workersStarted).toBe(1)
  })

  it('real work a leftover starts on the thread pool is waited for too: its lock is free when the next run starts', async () => {
    const { second, workersStarted } = await twoRuns(fixture('lock-across-io'))
    expect(answers(second)).toEqual(['calls=2 locked=false'])
    expect(faults(second)).toEqual([])
    expect(workersStarted).toBe(1)
  })

  it('a leftover that never ends costs its worker, and the next run starts in a fresh one', async () => {
    const { second, workersStarted } = await twoRuns(fixture('timer-loop-after-run'))
    expect(answers(second)).toEqual(['calls=1'])
    expect(faults(second)).toEqual([])
    expect(workersStarted).toBe(2)
  })

  it("a run's own throw stays its finding even when it comes through a resource an earlier run created (a module-level MessageChannel)", async () => {
    const path = hostile('channel-scheduler')
    const pool = await WorkerPool.open({ kind: 'module', path, spec: path })
    try {
      await pool.run(plain) // creates the channel, in this run's async context
      const second = (await pool.run(plain)).history
      expect(faults(second)).toContain('threw') // the second call's job throws
      expect(answers(second)).toEqual(['calls=2'])
    } finally {
      await pool.close()
    }
  })

  for (const misdeed of ['throw', 'reject', 'exit', 'block'] as const) {
    it(`a leftover that does "${misdeed}" after its run costs its worker, never either run a finding`, async () => {
      const ref: ExecutorRef = {
        kind: 'factory',
        path: hostile('misbehaves-after-run'),
        export: 'misbehavesAfterRun',
        argument: misdeed,
        label: misdeed,
      }
      // A budget far past the bound below, so a drain cut
      // by the budget, not its own 2 s, fails the bound.
      const { first, second, workersStarted, ms } = await twoRuns(ref, { budgets: { runRealMs: 100_000 } })
      for (const history of [first, second]) {
        expect(faults(history)).toEqual([])
        expect(history.filter((e) => e.type === 'run-ended')).toHaveLength(1)
        expect(history.at(-1)!.type).toBe('run-ended')
      }
      expect(answers(second)).toEqual(['calls=1']) // a fresh module instance
      expect(workersStarted).toBe(2)
      // A blocked drain is cut after 2 s: both runs took
      // ~4 s unloaded; 60 s leaves room for a loaded box.
      expect(ms).toBeLessThan(60_000)
    })
  }

  it('stripe-node at its defaults keeps its worker through a campaign (its retries used to cost one run in five a new worker)', async () => {
    const pool = await WorkerPool.open(bundledRef('stripe-sdk-defaults'))
    try {
      for (const scenario of campaignScenarios(scenarioArbitrary(), 3, 100)) await pool.run(scenario)
      expect(pool.workersStarted).toBe(1)
    } finally {
      await pool.close()
    }
  })

  // The hold lasts a worker's life: own process.
  it("held timers fire only when drained, in order of their delay, with their arguments, unless cleared as Node clears them; the guarded timers are Node's for everyone else", () => {
    const code = `
      import { AsyncLocalStorage } from 'node:async_hooks'
      import { promisify } from 'node:util'
      import { setTimeout as esmSetTimeout } from 'node:timers'
      import { holdLeftoverTimers } from './harness/supervisor/leftover-timers.ts'
      const run = new AsyncLocalStorage()
      const leftovers = holdLeftoverTimers(() => run.getStore() === 'finished')
      const out = [setTimeout.name, esmSetTimeout === setTimeout, await promisify(setTimeout)(5, 'slept'), await promisify(setImmediate)('next')]
      const resources = process.getActiveResourcesInfo().length
      const order = []
      run.run('finished', () => {
        setTimeout((x) => order.push(x), 30, 'late')
        const t = setTimeout(() => order.push('cleared'), 1)
        t.unref()
        clearTimeout(t)
        // What a fired leftover arms is held too (it keeps its async context).
        setTimeout(() => { order.push('early'); setTimeout(() => order.push('armed by a leftover'), 1) }, 10)
        clearTimeout(setImmediate(() => order.push('immediate'))) // clearTimeout does not clear an Immediate
        clearTimeout(+setTimeout(() => order.push('cleared by id'), 1))
        setTimeout(() => order.push('closed'), 1).close()
        setTimeout(() => order.push('past the longest delay: 1 ms'), Infinity)
      })
      await new Promise((r) => setTimeout(r, 60))
      out.push(order.length, process.getActiveResourcesInfo().length - resources)
      out.push(await leftovers.drain(10), order)
      let ticks = 0
      run.run('finished', () => setInterval(() => ticks++, 5))
      out.push(await leftovers.drain(7), ticks)
      console.log(JSON.stringify(out))`
    const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
      cwd: root,
      encoding: 'utf8',
    })
    expect(child.status, child.stderr).toBe(0)
    expect(JSON.parse(child.stdout)).toEqual([
      'setTimeout',
      true,
      'slept',
      'next',
      0,
      0, // nothing fired on its own or kept the process alive
      true,
      ['immediate', 'past the longest delay: 1 ms', 'early', 'armed by a leftover', 'late'],
      false,
      7, // an interval never ends: the drain stops at its bound
    ])
  })
})
