// A run's world installs all or nothing and undoes
// everything, whatever fails.
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { describe, expect, it } from 'vitest'
import { naive } from '../../../executors/naive.ts'
import type { Executor } from '../../../harness/contract/executor.ts'
import { eventsOf } from '../../../harness/history/history.ts'
import { runScenario } from '../../../harness/run/runner.ts'
import { startInterception, stopInterception } from '../../../harness/sim/network.ts'
import { tamperedPatches } from '../../../harness/sim/patch.ts'
import type { Fault } from '../../../harness/faults/catalogue.ts'
import { oneShotExecutor } from '../../support/one-shot-executor.ts'
import { refundScenario } from '../../support/scenario.ts'

setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as () => void

describe('world', () => {
  it('two runs started at once: the second is refused before it installs anything, and nothing leaks', async () => {
    const fetchBefore = globalThis.fetch
    const consoleErrorBefore = console.error
    const randomBefore = Math.random
    const first = runScenario(refundScenario(), naive)
    await expect(runScenario(refundScenario(), naive)).rejects.toThrow('another run is already active')
    const { history } = await first
    expect(eventsOf(history, 'outcome-reported')).toHaveLength(1)
    await new Promise((r) => setImmediate(r)) // msw quiets injected faults one turn past its server
    expect(globalThis.fetch).toBe(fetchBefore)
    expect(console.error).toBe(consoleErrorBefore)
    expect(Math.random).toBe(randomBefore)
    expect(tamperedPatches()).toEqual([])
    // And the next run works.
    expect(eventsOf((await runScenario(refundScenario(), naive)).history, 'outcome-reported')).toHaveLength(1)
  })

  it('a synchronous crypto call in a run (an id from randomBytes) does not stop virtual time: the run ends, nothing is hung', async () => {
    const { randomBytes } = await import('node:crypto')
    const ids: string[] = []
    const hurried: Executor = {
      name: 'sync-crypto',
      async boot() {
        return {
          async callTool() {
            ids.push(randomBytes(8).toString('hex'))
            await new Promise((r) => setTimeout(r, 1_000)) // needs virtual time to move
            return {
              status: 'FAILED_NO_EFFECT',
              retry_safe: false,
              effect: null,
              action_taken: 'none',
              message: 'not done',
            }
          },
        }
      },
    }
    const { history } = await runScenario(refundScenario({ model: { maxAsks: 1, regenerateArgs: false } }), hurried)
    expect(ids).toHaveLength(1)
    expect(history.filter((e) => e.type === 'executor-fault')).toEqual([])
    expect(history.some((e) => e.type === 'outcome-reported')).toBe(true)
  })

  it('is sealed: the executor gets copies, and the scenario and the history are frozen to the leaves', async () => {
    const scenario = refundScenario()
    const vandal: Executor = {
      name: 'vandal',
      async boot() {
        return {
          async callTool(call) {
            try {
              ;(call.args as Record<string, unknown>).amount = 1_000_000
            } catch {
              // frozen call: fine, it still tried
            }
            return { status: 'FAILED_NO_EFFECT', retry_safe: false, effect: null, action_taken: 'none', message: 'no' }
          },
        }
      },
    }
    const { history, scenario: ran } = await runScenario(scenario, vandal)
    expect(scenario.plan[0]!.args.amount).toBe(49.9)
    expect(eventsOf(history, 'call-started')[0]!.args.amount).toBe(49.9)
    expect(Object.isFrozen(ran.plan[0]!.args)).toBe(true)
    const event = eventsOf(history, 'outcome-reported')[0]!
    expect(Object.isFrozen(event.envelope)).toBe(true)
    expect(() => ((event.envelope as { status: string }).status = 'SUCCEEDED')).toThrow()
  })

  it("copies the caller's scenario, unless it is the run's own (a worker decoded it): then frozen in place", async () => {
    const kept = refundScenario()
    const copied = await runScenario(kept, naive)
    expect(copied.scenario).not.toBe(kept)
    expect(copied.scenario).toEqual(kept)
    expect(Object.isFrozen(kept)).toBe(false)
    const handed = refundScenario()
    const owned = await runScenario(handed, naive, { ownsScenario: true })
    expect(owned.scenario).toBe(handed)
    expect(Object.isFrozen(handed.plan[0]!.args)).toBe(true)
    expect(owned.history).toEqual(copied.history)
  })

  // Interception stays on across runs; anything that
  // keeps an errored request (msw 2.15's server did)
  // would keep, via its stack, the run's whole world.
  it.each<[string, Fault]>([
    ['an injected reset', { kind: 'reset-after-effect', boundary: 'after-effect', step: 's1', send: 1 }],
    [
      'a client timeout (AbortSignal.timeout)',
      { kind: 'withhold-after-effect', boundary: 'after-effect', step: 's1', send: 1 },
    ],
  ])('is let go when the run ends, also after %s', async (_what, fault) => {
    const inner = oneShotExecutor({}, 5_000)
    let instance: WeakRef<object> | null = null
    const watched: Executor = {
      name: 'watched',
      async boot(ctx) {
        const booted = await inner.boot(ctx)
        instance = new WeakRef(booted)
        return booted
      },
    }
    startInterception()
    try {
      const { history } = await runScenario(
        refundScenario({ faults: [fault], model: { maxAsks: 1, regenerateArgs: false } }),
        watched,
      )
      expect(eventsOf(history, 'fault-injected')).toHaveLength(1)
      for (let i = 0; i < 10 && instance!.deref() !== undefined; i++) {
        await new Promise((r) => setImmediate(r))
        gc()
      }
      expect(instance!.deref()).toBeUndefined()
    } finally {
      stopInterception()
    }
  })
})
