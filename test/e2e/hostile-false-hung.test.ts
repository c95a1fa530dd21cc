// No false "hung": an executor waiting on real
// work the run cannot see as a timer (a module
// still loading, a message on its way) is
// driven on, and passes; one waiting on
// nothing is still hung at once. The real CLI.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { refundScenario } from '../support/scenario.ts'
import { scratchDir } from '../support/scratch.ts'
import { cliProcess, smallGate, type Ran } from '../support/cli-process.ts'

const ROOT = join(import.meta.dirname, '..', '..')
const HOSTILE = join(ROOT, 'test/fixtures/hostile')

const cli = (args: string[]): Promise<Ran> => cliProcess(args, { cwd: scratchDir('hostile-false-hung') })

/** A small gate: one worker, JSON, no corpus. */
const gate = (fixture: string) => cli([...smallGate(fixture)])

/** One run (no shrinking): one scenario file. */
function run(fixture: string): Promise<Ran> {
  const file = join(scratchDir('hostile-false-hung-scenario'), 'scenario.json')
  writeFileSync(file, JSON.stringify(refundScenario({ model: { maxAsks: 1, regenerateArgs: false } })))
  return cli(['run', file, '--executor', `${HOSTILE}/${fixture}.ts`, '--json'])
}

interface Violation {
  readonly judge: string
  readonly message: string
}

function violations(r: Ran): Violation[] {
  const json = JSON.parse(r.stdout) as {
    counterexample?: { violations: Violation[] } | null
    verdict?: { violations: Violation[] }
  }
  return json.counterexample?.violations ?? json.verdict?.violations ?? []
}

describe.concurrent('work in flight that is not a timer is not a hang', () => {
  it('imports-in-boot: import() of a file, a builtin, a package and a missing module inside boot() passes', async () => {
    const r = await gate('imports-in-boot')
    expect(violations(r)).toEqual([])
    expect(r.code, r.stderr).toBe(0)
    expect(JSON.parse(r.stdout)).toMatchObject({ passed: true, summary: { runs: 5 } })
  })

  it('posts-itself-a-message: awaiting its own MessageChannel and BroadcastChannel messages passes', async () => {
    const r = await gate('posts-itself-a-message')
    expect(violations(r)).toEqual([])
    expect(r.code, r.stderr).toBe(0)
    expect(JSON.parse(r.stdout)).toMatchObject({ passed: true, summary: { runs: 5 } })
  })
})

describe.concurrent('waiting on nothing is still hung at once (no timer pending)', () => {
  for (const fixture of ['awaits-nothing-in-boot', 'awaits-idle-port']) {
    it(fixture, async () => {
      const r = await run(fixture)
      expect(r.code, r.stderr).toBe(1)
      expect(violations(r)).toEqual([
        expect.objectContaining({
          judge: 'executor-fault',
          message: expect.stringMatching(/executor hung: the executor waits for something that can never happen/),
        }),
      ])
    })
  }
})
