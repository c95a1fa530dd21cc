// Values an executor gives the harness that no one
// can read (a Proxy whose every trap throws), builtins
// it pollutes, and throws it hides from the worker's
// listeners, against the real CLI: each ends with the
// executor's finding and exit 1 (a module that cannot
// load: exit 2), never exit 3, the harness blamed.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { refundScenario } from '../support/scenario.ts'
import { scratchDir } from '../support/scratch.ts'
import { cliProcess, smallGate, type Ran } from '../support/cli-process.ts'

const ROOT = join(import.meta.dirname, '..', '..')
const HOSTILE = join(ROOT, 'test/fixtures/hostile')

const cli = (args: string[]): Promise<Ran> => cliProcess(args, { cwd: scratchDir('hostile-values') })

/** A small gate: one worker, JSON, no corpus. */
const gate = (fixture: string) => cli([...smallGate(fixture)])

const run = (fixture: string, scenario: object) => {
  const file = join(scratchDir('hostile-values-scenario'), 'scenario.json')
  writeFileSync(file, JSON.stringify(scenario))
  return cli(['run', file, '--executor', `${HOSTILE}/${fixture}.ts`, '--json'])
}

interface Violation {
  readonly judge: string
  readonly call: string | null
  readonly message: string
}

function violations(r: Ran): Violation[] {
  const json = JSON.parse(r.stdout) as {
    counterexample: { violations: Violation[] } | null
    verdict?: { violations: Violation[] }
  }
  return json.counterexample?.violations ?? json.verdict?.violations ?? []
}

const UNREADABLE = 'an object whose traps throw'

describe.concurrent('a value whose every trap throws: executor-fault on the call it came from, exit 1', () => {
  it('thrown from callTool', async () => {
    const r = await gate('throws-trap-proxy-from-call')
    expect(r.code, r.stderr).toBe(1)
    expect(violations(r)).toEqual([
      expect.objectContaining({
        judge: 'executor-fault',
        call: expect.stringMatching(/^run-\d+\/s1$/),
        message: expect.stringMatching(new RegExp(`/s1: executor threw: ${UNREADABLE}$`)),
      }),
    ])
  })

  it('thrown from abort (the agent aborts the run)', async () => {
    const r = await run(
      'throws-trap-proxy-from-abort',
      refundScenario({ abortOnFailure: true, model: { maxAsks: 1, regenerateArgs: false } }),
    )
    expect(r.code, r.stderr).toBe(1)
    expect(violations(r)).toEqual([
      expect.objectContaining({ call: 'run-7#abort', message: `run-7#abort: executor threw: ${UNREADABLE}` }),
    ])
  })

  it('thrown from recover (after a crash)', async () => {
    const r = await run(
      'throws-trap-proxy-from-recover',
      refundScenario({
        faults: [{ kind: 'executor-crash', boundary: 'executor', step: 's1', point: 'after-send', nth: 1, pauseMs: 0 }],
      }),
    )
    expect(r.code, r.stderr).toBe(1)
    expect(violations(r)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ call: 'run-7/s1', message: `run-7/s1: executor threw: recover(): ${UNREADABLE}` }),
      ]),
    )
  })

  it('returned as the envelope: invalid-envelope', async () => {
    const r = await gate('returns-trap-proxy')
    expect(r.code, r.stderr).toBe(1)
    expect(violations(r)).toEqual([
      expect.objectContaining({
        call: expect.stringMatching(/\/s1$/),
        message: expect.stringMatching(
          new RegExp(`executor invalid-envelope: reading the envelope threw: ${UNREADABLE}$`),
        ),
      }),
    ])
  })

  it('resolved from boot: boot-failed', async () => {
    const r = await gate('boots-trap-proxy')
    expect(r.code, r.stderr).toBe(1)
    expect(violations(r)).toEqual([
      expect.objectContaining({
        message: `run: executor boot-failed: reading the booted process threw: ${UNREADABLE}`,
      }),
    ])
  })
})

describe.concurrent('a module or declaration that cannot be read: it cannot load, exit 2 in one line', () => {
  const rows: [string, string][] = [
    ['exports-trap-proxy', 'exports-trap-proxy.ts exports no Executor: export default'],
    ['throws-trap-proxy-at-load', `throws-trap-proxy-at-load.ts: ${UNREADABLE}`],
    ['declares-trap-proxy', `declares-trap-proxy: reading the declaration threw: ${UNREADABLE}`],
  ]
  for (const [fixture, said] of rows) {
    it(fixture, async () => {
      const r = await gate(fixture)
      expect(r.code, r.stderr).toBe(2)
      expect(r.stderr).toContain(said)
      expect(r.stderr.trim().split('\n')).toHaveLength(1)
    })
  }
})

describe.concurrent('a builtin polluted in a run: executor-fault tampered naming it, exit 1', () => {
  const rows: [string, string][] = [
    ['pollutes-array-tojson', 'Array.prototype.toJSON'],
    ['pollutes-object-tojson', 'Object.prototype.toJSON'],
    ['pollutes-object-then', 'Object.prototype.then'],
    ['replaces-json-stringify', 'JSON.stringify'],
    ['replaces-array-push', 'Array.prototype.push'],
    ['replaces-object-freeze', 'Object.freeze'],
  ]
  for (const [fixture, what] of rows) {
    it(`${fixture}: undone`, async () => {
      // One run (no shrinking): a run the harness
      // stopped early costs its worker.
      const r = await run(fixture, refundScenario())
      expect(r.code, r.stderr).toBe(1)
      expect(violations(r)).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            judge: 'executor-fault',
            message: expect.stringContaining(`run: executor tampered: changed ${what} during the run (undone)`),
          }),
        ]),
      )
    })
  }

  it('freezes-array-prototype (non-configurable): says it cannot be undone', async () => {
    const r = await run('freezes-array-prototype', refundScenario())
    expect(r.code, r.stderr).toBe(1)
    expect(violations(r)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          message:
            'run: executor tampered: changed Array.prototype.toJSON during the run (it cannot be undone in this thread)',
        }),
      ]),
    )
  })
})

describe.concurrent('throws hidden from the worker are still findings, exit 1', () => {
  it('under an uncaught-exception capture callback', async () => {
    const r = await gate('capture-callback-hides-throws')
    expect(r.code, r.stderr).toBe(1)
    expect(violations(r).map((v) => v.message)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/\/s1: executor threw: an uncaught exception: Error: thrown in a tick, under a capture/),
        expect.stringMatching(/\/s1: executor threw: an uncaught exception: Error: thrown in a microtask, under a/),
      ]),
    )
  })

  it("after removing the worker's listeners (put back: tampered)", async () => {
    const r = await gate('removes-uncaught-listeners')
    expect(r.code, r.stderr).toBe(1)
    expect(violations(r).map((v) => v.message)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/\/s1: executor tampered: removed faultline's uncaughtException listener \(put back\)$/),
        expect.stringMatching(
          /\/s1: executor threw: an uncaught exception: Error: thrown in a tick, with the listeners/,
        ),
      ]),
    )
  })
})
