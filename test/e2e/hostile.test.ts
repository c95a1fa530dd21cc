// Executors misbehaving as real code does, against
// the real CLI: whatever they do (exit, block,
// flood, leak, throw, tamper), the command ends with
// the supervisor's exit code and finding. None
// hangs, exits 0 by the executor's hand, or blames
// the harness (exit 3).
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { saveEntry } from '../../harness/campaign/corpus.ts'
import { refundScenario } from '../support/scenario.ts'
import { scratchDir } from '../support/scratch.ts'
import { cliProcess, smallGate, type Ran } from '../support/cli-process.ts'

const ROOT = join(import.meta.dirname, '..', '..')
const HOSTILE = join(ROOT, 'test/fixtures/hostile')

const cli = (args: string[]): Promise<Ran> => cliProcess(args, { cwd: scratchDir('hostile') })

/**
 * A small gate: one worker, a tight real-time budget,
 * JSON output, no corpus (each test stands alone).
 */
const gate = (fixture: string, ...more: string[]) => cli([...smallGate(fixture), ...more])

interface Violation {
  readonly judge: string
  readonly call: string | null
  readonly message: string
}

function violations(r: Ran): Violation[] {
  let json: { counterexample: { violations: Violation[] } | null; verdict?: { violations: Violation[] } }
  try {
    json = JSON.parse(r.stdout)
  } catch (e) {
    // Once in CI: exit 1, no report, and why unseen.
    throw new Error(`no JSON report (exit ${r.code}, ${(e as Error).message}); stderr:\n${r.stderr.slice(-2000)}`)
  }
  return json.counterexample?.violations ?? json.verdict?.violations ?? []
}

function scenarioFile(scenario: object): string {
  const file = join(scratchDir('hostile-scenario'), 'scenario.json')
  writeFileSync(file, JSON.stringify(scenario))
  return file
}

describe.concurrent('an executor that ends its process is a finding, exit 1', () => {
  const rows: [string, RegExp][] = [
    ['exit-0-in-call', /executor exited: it ended its process: process\.exit\(0\)/],
    ['exit-0-in-boot', /executor exited: it ended its process: process\.exit\(0\)/],
    ['exit-0-from-timer', /executor exited: it ended its process: process\.exit\(0\)/],
    ['exit-1', /executor exited: it ended its process: process\.exit\(1\)/],
    ['kill-self', /executor exited: it ended its process: process\.kill\(\d+, "SIGKILL"\)/],
    ['abort-self', /executor exited: it ended its process: process\.abort\(\)/],
  ]
  for (const [fixture, message] of rows) {
    it(fixture, async () => {
      const r = await gate(fixture)
      expect(r.code, r.stderr).toBe(1)
      expect(violations(r).map((v) => v.message)).toEqual(expect.arrayContaining([expect.stringMatching(message)]))
    })
  }

  it('exit-0-in-abort (the agent aborts the run; abort() ends the process)', async () => {
    const file = scenarioFile(refundScenario({ abortOnFailure: true, model: { maxAsks: 1, regenerateArgs: false } }))
    const r = await cli(['run', file, '--executor', `${HOSTILE}/exit-0-in-abort.ts`, '--json'])
    expect(r.code, r.stderr).toBe(1)
    expect(violations(r)).toEqual([
      expect.objectContaining({
        judge: 'executor-fault',
        call: 'run-7#abort',
        message: expect.stringMatching(/exited: it ended its process: process\.exit\(0\)/),
      }),
    ])
  })
})

describe.concurrent('an executor that blocks its thread is reported hung after the real-time budget; the campaign goes on', () => {
  for (const fixture of ['busy-loop', 'date-busy-wait', 'next-tick-loop', 'await-loop']) {
    it(fixture, async () => {
      // Each shrink candidate spins to the budget
      // (the last --run-timeout wins): a short one.
      const r = await gate(fixture, '--run-timeout', '600')
      expect(r.code, r.stderr).toBe(1)
      const found = violations(r)
      expect(found).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            judge: 'executor-fault',
            message: expect.stringMatching(/executor hung: the run did not finish within 0\.6 s of real time/),
          }),
        ]),
      )
      // The call in flight is named.
      expect(found.find((v) => v.judge === 'executor-fault')?.call).toMatch(/^run-\d+\/s1$/)
    })
  }
})

describe.concurrent('what an executor leaves running does not keep the command alive', () => {
  for (const fixture of ['immediate-loop', 'server-left-listening']) {
    it(`${fixture}: the verdict is printed and the command exits`, async () => {
      const r = await gate(fixture)
      expect(r.code, r.stderr).toBe(0) // it answered honestly: nothing to report
      expect(JSON.parse(r.stdout).passed).toBe(true)
    })
  }
})

describe.concurrent("throws nobody catches are the executor's, attributed to the call", () => {
  it('a timer callback that throws: executor-fault threw, not "the harness failed"', async () => {
    const r = await gate('throws-from-timer')
    expect(r.code, r.stderr).toBe(1)
    expect(violations(r)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          judge: 'executor-fault',
          call: expect.stringMatching(/\/s1$/),
          message: expect.stringMatching(/threw: a callback it scheduled threw: Error: boom from a timer/),
        }),
      ]),
    )
  })

  it('an unhandled rejection: a normal verdict, parseable JSON', async () => {
    const r = await gate('unhandled-rejection')
    expect(r.code, r.stderr).toBe(1)
    expect(violations(r)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          judge: 'executor-fault',
          message: expect.stringMatching(/an unhandled rejection: Error: nobody listens to me/),
        }),
      ]),
    )
  })

  it('an object whose toString throws: one line', async () => {
    const r = await gate('throws-unprintable')
    expect(r.code, r.stderr).toBe(1)
    expect(violations(r)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          judge: 'executor-fault',
          message: expect.stringMatching(/executor threw: \[object Object\]$/),
        }),
      ]),
    )
  })

  it('boot() resolving to null: boot-failed, one line', async () => {
    const r = await gate('boot-null')
    expect(r.code, r.stderr).toBe(1)
    expect(violations(r)).toEqual([
      expect.objectContaining({
        judge: 'executor-fault',
        message: 'run: executor boot-failed: boot() resolved to null; it must resolve to an object with callTool(call)',
      }),
    ])
  })

  it('an envelope whose getter throws: invalid-envelope, one line', async () => {
    const r = await gate('envelope-getter-throws')
    expect(r.code, r.stderr).toBe(1)
    expect(violations(r)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          judge: 'executor-fault',
          message: expect.stringMatching(/invalid-envelope: reading the envelope threw: Error: no status for you/),
        }),
      ]),
    )
  })
})

describe.concurrent('resources: memory, events, globals, the network', () => {
  it('allocating without bound is out-of-memory, from the worker memory limit', async () => {
    const r = await gate('allocates-forever', '--worker-memory', '128')
    expect(r.code, r.stderr).toBe(1)
    expect(violations(r)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          judge: 'executor-fault',
          message: expect.stringMatching(/executor out-of-memory: it went past the worker's memory limit of 128 MB/),
        }),
      ]),
    )
  })

  it('a poller that keeps fetching: its timers die with its process, the 25 h pause costs nothing, the history stays small', async () => {
    const file = scenarioFile(
      refundScenario({
        faults: [
          {
            kind: 'executor-crash',
            boundary: 'executor',
            step: 's1',
            point: 'after-write',
            nth: 1,
            pauseMs: 25 * 60 * 60 * 1000,
          },
        ],
        model: { maxAsks: 1, regenerateArgs: false },
      }),
    )
    const r = await cli(['run', file, '--executor', `${HOSTILE}/interval-after-crash.ts`, '--json'])
    expect(r.code, r.stderr).toBe(0)
    const history = JSON.parse(r.stdout).history as { type: string; generation?: number | null; seq: number }[]
    const crashed = history.find((e) => e.type === 'process-crashed')!
    expect(crashed).toBeDefined()
    // No request from the dead process after its crash,
    // and no flood from the live one.
    expect(history.filter((e) => e.type === 'attempt-sent' && e.generation === 1 && e.seq > crashed.seq)).toEqual([])
    expect(history.length).toBeLessThan(5_000)
  })

  it('a flood of events is cut at the budget: flooded', async () => {
    // The poller fetches every second, also while late
    // requests settle: with a tiny budget, a flood.
    const flood = await cli([
      'gate',
      '--executor',
      `${HOSTILE}/interval-after-crash.ts`,
      '--runs',
      '3',
      '--workers',
      '1',
      '--max-events',
      '120',
      '--json',
      '--no-corpus',
    ])
    expect(flood.code, flood.stderr).toBe(1)
    expect(violations(flood)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          judge: 'executor-fault',
          message: expect.stringMatching(/flooded: the run went past its budget of 120 history events/),
        }),
      ]),
    )
  })

  it('replacing Date, clearTimeout or console.error is tampering: reported, restored, never a crash', async () => {
    const r = await gate('replaces-globals')
    expect(r.code, r.stderr).toBe(1)
    const messages = violations(r).map((v) => v.message)
    for (const what of ['Date', 'clearTimeout', 'console.error'])
      expect(messages).toEqual(
        expect.arrayContaining([expect.stringMatching(new RegExp(`tampered: replaced ${what.replace('.', '\\.')}`))]),
      )
  })

  it('a report it rewrites in the run journal (a lie made honest) is judged as made: false-success', async () => {
    const r = await gate('rewrites-its-journal')
    expect(r.code, r.stderr).toBe(1)
    expect(violations(r)).toEqual([
      expect.objectContaining({ judge: 'false-success', message: expect.stringMatching(/reported SUCCEEDED/) }),
    ])
  })

  // The worker's codec and writes run on what
  // was kept as it loaded (frames.ts).
  for (const fixture of ['rewrites-its-done-frame', 'rewrites-its-writes'])
    it(`a report it rewrites on its way to the harness (${fixture}) is judged as made: false-success`, async () => {
      const r = await gate(fixture)
      expect(r.code, r.stderr).toBe(1)
      expect(violations(r)).toEqual([
        expect.objectContaining({ judge: 'false-success', message: expect.stringMatching(/reported SUCCEEDED/) }),
      ])
    })

  for (const fixture of ['strips-its-faults', 'strips-faults-in-the-stream', 'strips-faults-in-its-reads'])
    it(`faults it deletes from the scenarios it is sent (${fixture}) still strike: caught as without the deletion`, async () => {
      // Its flawed executor's first failure, seed 1
      // (run 102 of a campaign that leaves faults).
      const r = await gate(fixture, '--runs', '200')
      expect(r.code, r.stderr).toBe(1)
      expect(violations(r)).toEqual([
        expect.objectContaining({
          judge: 'false-failure',
          message: expect.stringMatching(/reported FAILED_NO_EFFECT/),
        }),
      ])
    })

  // Before the seal, its frames without one
  // PASSED 200 runs, all but the first forged;
  // with one of zeros they PASS if the seal is
  // not compared (each checked). Now its first
  // forgery is caught: in one read with the run's
  // `done`, as that run's; else it ends the
  // worker, and a later run shows the flaw.
  // 200 runs: whether it starts forging is a
  // race (its look must answer after a run's
  // end); if it never does, its flaw is found
  // at run 102, as strips-its-faults' is.
  it("results it forges for later runs, their frames taken from the runs pipe (forges-later-runs), lack the worker's seal: never judged", async () => {
    const r = await gate('forges-later-runs', '--runs', '200')
    expect(r.code, r.stderr).toBe(1)
    expect(violations(r)).toEqual([
      expect.objectContaining({
        judge: expect.stringMatching(/^(false-failure|executor-fault)$/),
        message: expect.stringMatching(/reported FAILED_NO_EFFECT|it wrote into the harness's pipe/),
      }),
    ])
  })

  it('raw sockets, UDP and DNS to public addresses fail closed: blocked-network', async () => {
    const r = await gate('raw-network')
    expect(r.code, r.stderr).toBe(1)
    const messages = violations(r).map((v) => v.message)
    expect(messages).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/blocked-network: tried connect 93\.184\.216\.34:80/),
        expect.stringMatching(/blocked-network: tried udp send to 8\.8\.8\.8/),
        expect.stringMatching(/blocked-network: tried dns resolve4 example\.com/),
      ]),
    )
  })
})

/** A gate of a fixture that counts its loads in a file. */
async function countingLoads(fixture: string): Promise<{ r: Ran; marker: string }> {
  const marker = join(scratchDir(fixture), 'marker')
  const r = await cliProcess([...smallGate(fixture), '--runs', '20'], {
    cwd: scratchDir('hostile'),
    env: { LOADS_MARKER: marker },
  })
  return { r, marker }
}

describe.concurrent('modules that cannot load: exit 2, one line', () => {
  it('a top-level await that never settles hits the load time limit', async () => {
    const r = await cli(['gate', '--executor', `${HOSTILE}/never-loads.ts`, '--load-timeout', '1500'])
    expect(r.code).toBe(2)
    expect(r.stderr.trim().split('\n')).toHaveLength(1)
    expect(r.stderr).toMatch(/did not finish loading within 1\.5 s/)
  })

  // Was exit 3, "the harness itself failed", with
  // the worker's signal; then exit 2, the module's
  // throw alone: the run that ended it went unsaid.
  it('one whose first run ends its worker, then throws in each replacement: that finding, and the reason, exit 1', async () => {
    const { r } = await countingLoads('loads-once')
    expect(r.code, r.stderr).toBe(1)
    expect(violations(r)).toEqual([
      expect.objectContaining({ judge: 'executor-fault', message: expect.stringMatching(/process\.exit\(1\)/) }),
    ])
    const report = JSON.parse(r.stdout) as { passed: boolean; cut: { by: string; error: string } }
    expect(report.passed).toBe(false)
    expect(report.cut.by).toBe('load-failed')
    expect(report.cut.error).toMatch(/^cannot load executor module .*loads-once\.ts: loads-once: loaded before$/)
  })

  it('one whose run runs out of memory, then throws in each replacement: the first death stands, exit 1', async () => {
    const marker = join(scratchDir('loads-once-then-oom'), 'marker')
    const r = await cliProcess([...smallGate('loads-once-then-oom'), '--worker-memory', '128'], {
      cwd: scratchDir('hostile'),
      env: { LOADS_MARKER: marker },
    })
    expect(r.code, r.stderr).toBe(1)
    expect(violations(r)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ judge: 'executor-fault', message: expect.stringMatching(/out-of-memory/) }),
      ]),
    )
    expect((JSON.parse(r.stdout) as { cut: { by: string } }).cut.by).toBe('load-failed')
  })

  it('one whose corpus replay ends its worker, then throws in each replacement: that entry, the others said, exit 1', async () => {
    const dir = scratchDir('loads-once-corpus')
    for (const seed of [1, 2])
      saveEntry(dir, 'corpus', 'executor-fault', 'loads-once', refundScenario({ seed }), 'test')
    const r = await cliProcess(
      [...smallGate('loads-once').filter((a) => a !== '--no-corpus'), '--corpus', join(dir, 'corpus')],
      { cwd: dir, env: { LOADS_MARKER: join(dir, 'marker') } },
    )
    expect(r.code, r.stderr).toBe(1)
    const report = JSON.parse(r.stdout) as {
      passed: boolean
      cut: { by: string; error: string }
      corpus: { status: string }[]
    }
    expect(report.corpus.map((c) => c.status)).toEqual(['still-failing'])
    expect(report.cut.by).toBe('load-failed')
    expect(report.cut.error).toMatch(/loads-once: loaded before \(1 corpus entry not replayed\)$/)
    expect(report.passed).toBe(false)
  })

  it('one recycled after a clean run, then throwing in each replacement: the runs made, the reason, exit 2', async () => {
    const marker = join(scratchDir('loads-once-then-recycled'), 'marker')
    const r = await cliProcess([...smallGate('loads-once-then-recycled'), '--runs', '20', '--worker-memory', '256'], {
      cwd: scratchDir('hostile'),
      env: { LOADS_MARKER: marker },
    })
    expect(r.code, r.stderr).toBe(2)
    const report = JSON.parse(r.stdout) as {
      passed: boolean
      cut: { by: string; error: string }
      summary: { runs: number }
      counterexample: unknown
    }
    expect(report.passed).toBe(false)
    expect(report.counterexample).toBeNull()
    expect(report.summary.runs).toBeGreaterThanOrEqual(1)
    expect(report.cut.by).toBe('load-failed')
    expect(report.cut.error).toMatch(/loads-once-then-recycled: loaded before$/)
  })

  it('one whose load fails once, in a replacement, goes on: its finding, exit 1', async () => {
    const { r, marker } = await countingLoads('fails-its-second-load')
    expect(r.code, r.stderr).toBe(1)
    expect(violations(r)).toEqual([
      expect.objectContaining({ judge: 'executor-fault', message: expect.stringMatching(/process\.exit\(1\)/) }),
    ])
    expect(readFileSync(marker, 'utf8')).toBe('3')
  })

  it('/dev/zero is not a module', async () => {
    const r = await cli(['gate', '--executor', '/dev/zero'])
    expect(r.code).toBe(2)
    expect(r.stderr.trim()).toBe(
      'faultline: executor module /dev/zero is not a regular file (give the path to a .ts, .mts, .js, .mjs or .cjs module)',
    )
  })
})
