// A run's world installs all or nothing and undoes everything, whatever fails.
import { describe, expect, it } from 'vitest'
import { naive } from '../../../executors/naive.ts'
import type { Executor } from '../../../harness/contract/executor.ts'
import { eventsOf } from '../../../harness/history/history.ts'
import { runScenario } from '../../../harness/run/runner.ts'
import { tamperedPatches } from '../../../harness/sim/patch.ts'
import { refundScenario } from '../../support/scenario.ts'

describe('world', () => {
  it('two runs started at once: the second is refused before it installs anything, and nothing leaks', async () => {
    const fetchBefore = globalThis.fetch
    const consoleErrorBefore = console.error
    const randomBefore = Math.random
    const first = runScenario(refundScenario(), naive)
    await expect(runScenario(refundScenario(), naive)).rejects.toThrow('another run is already active')
    const { history } = await first
    expect(eventsOf(history, 'outcome-reported')).toHaveLength(1)
    await new Promise((r) => setImmediate(r)) // msw's quieting of injected faults outlives its server by one turn
    expect(globalThis.fetch).toBe(fetchBefore)
    expect(console.error).toBe(consoleErrorBefore)
    expect(Math.random).toBe(randomBefore)
    expect(tamperedPatches()).toEqual([])
    // And the next run works.
    expect(eventsOf((await runScenario(refundScenario(), naive)).history, 'outcome-reported')).toHaveLength(1)
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
})
