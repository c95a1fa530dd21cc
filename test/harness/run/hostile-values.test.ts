// Values an executor gives the harness that no one
// can read, and builtins it pollutes: in the run's
// thread, each is its finding, never a throw.
import { describe, expect, it } from 'vitest'
import type { Executor } from '../../../harness/contract/executor.ts'
import type { HistoryEvent } from '../../../harness/history/history.ts'
import { runScenario } from '../../../harness/run/runner.ts'
import bootsTrapProxy from '../../fixtures/hostile/boots-trap-proxy.ts'
import pollutesArrayToJson from '../../fixtures/hostile/pollutes-array-tojson.ts'
import pollutesObjectThen from '../../fixtures/hostile/pollutes-object-then.ts'
import pollutesObjectToJson from '../../fixtures/hostile/pollutes-object-tojson.ts'
import replacesArrayPush from '../../fixtures/hostile/replaces-array-push.ts'
import replacesJsonStringify from '../../fixtures/hostile/replaces-json-stringify.ts'
import replacesObjectFreeze from '../../fixtures/hostile/replaces-object-freeze.ts'
import returnsTrapProxy from '../../fixtures/hostile/returns-trap-proxy.ts'
import throwsFromAbort from '../../fixtures/hostile/throws-trap-proxy-from-abort.ts'
import throwsFromCall from '../../fixtures/hostile/throws-trap-proxy-from-call.ts'
import throwsFromRecover from '../../fixtures/hostile/throws-trap-proxy-from-recover.ts'
import { refundScenario } from '../../support/scenario.ts'

type Fault = Extract<HistoryEvent, { type: 'executor-fault' }>

async function faults(
  executor: Executor,
  scenario = refundScenario(),
): Promise<Pick<Fault, 'call' | 'problem' | 'message'>[]> {
  const { history } = await runScenario(scenario, executor)
  return history
    .filter((e): e is Fault => e.type === 'executor-fault')
    .map(({ call, problem, message }) => ({ call, problem, message }))
}

const abortScenario = refundScenario({ abortOnFailure: true, model: { maxAsks: 1, regenerateArgs: false } })
const crashScenario = refundScenario({
  faults: [{ kind: 'executor-crash', boundary: 'executor', step: 's1', point: 'after-send', nth: 1, pauseMs: 0 }],
})

describe('a value whose every trap throws is read as such, on the call it came from', () => {
  it('thrown from callTool, abort, recover', async () => {
    const unreadable = 'an object whose traps throw'
    expect(await faults(throwsFromCall)).toEqual([{ call: 'run-7/s1', problem: 'threw', message: unreadable }])
    expect(await faults(throwsFromAbort, abortScenario)).toEqual([
      { call: 'run-7#abort', problem: 'threw', message: unreadable },
    ])
    expect(await faults(throwsFromRecover, crashScenario)).toEqual([
      { call: 'run-7/s1', problem: 'threw', message: `recover(): ${unreadable}` },
    ])
  })

  it('a seesDeadline that is not true or false is a boot failure, named', async () => {
    const says = (seesDeadline: unknown): Executor => ({
      name: 'sees',
      boot: async () =>
        ({
          seesDeadline,
          callTool: async () => ({
            status: 'UNKNOWN',
            retry_safe: false,
            effect: null,
            action_taken: 'x',
            message: 'x',
          }),
        }) as never,
    })
    expect(await faults(says('no'))).toEqual([
      { call: null, problem: 'boot-failed', message: "the process's seesDeadline is not true or false" },
    ])
    expect(await faults(says(false))).toEqual([])
  })

  it('returned as the envelope, or resolved from boot', async () => {
    expect(await faults(returnsTrapProxy)).toEqual([
      {
        call: 'run-7/s1',
        problem: 'invalid-envelope',
        message: 'reading the envelope threw: an object whose traps throw',
      },
    ])
    expect(await faults(bootsTrapProxy)).toEqual([
      { call: null, problem: 'boot-failed', message: 'reading the booted process threw: an object whose traps throw' },
    ])
  })
})

describe('a builtin polluted in a run is `tampered`, named, and undone after it', () => {
  const push = Array.prototype.push
  const freeze = Object.freeze
  const stringify = JSON.stringify
  const rows: [Executor, string][] = [
    [pollutesArrayToJson, 'Array.prototype.toJSON'],
    [pollutesObjectToJson, 'Object.prototype.toJSON'],
    [pollutesObjectThen, 'Object.prototype.then'],
    [replacesJsonStringify, 'JSON.stringify'],
    [replacesArrayPush, 'Array.prototype.push'],
    [replacesObjectFreeze, 'Object.freeze'],
  ]
  for (const [executor, what] of rows) {
    it(what, async () => {
      const found = await faults(executor)
      expect(found).toContainEqual({
        call: null,
        problem: 'tampered',
        message: expect.stringMatching(
          new RegExp(`^changed ${what.replaceAll('.', '\\.')} during the run \\(undone\\)`),
        ),
      })
      // The next run finds them clean.
      expect([Array.prototype.push, Object.freeze, JSON.stringify]).toEqual([push, freeze, stringify])
      expect(['toJSON' in [], 'toJSON' in {}, 'then' in {}]).toEqual([false, false, false])
    })
  }
})
