// Executors that start processes or threads, or
// keep state in files, against the real CLI in a
// network namespace with only loopback up (so
// nothing could leave even if a guard failed):
// every start is refused and a finding, nothing
// outlives the command, a verdict is printed,
// and a file written is a finding every time.
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { scratchDir } from '../support/scratch.ts'
import { cliProcess, smallGate, OFFLINE, type Ran } from '../support/cli-process.ts'

const cli = (args: string[], env: Record<string, string> = {}, cwd = scratchDir('hostile-processes')): Promise<Ran> =>
  cliProcess(args, { cwd, env, under: OFFLINE })

const gate = (fixture: string, env: Record<string, string> = {}, cwd?: string) => cli([...smallGate(fixture)], env, cwd)

interface Violation {
  readonly judge: string
  readonly message: string
}

/** The verdict's messages (parsing proves one was printed). */
function messages(r: Ran): string[] {
  const json = JSON.parse(r.stdout) as {
    counterexample: { violations: Violation[] } | null
    verdict?: { violations: Violation[] }
  }
  return (json.counterexample?.violations ?? json.verdict?.violations ?? []).map((v) => v.message)
}

const SPAWNED = 'a run may not start processes or threads; their network, effects and time cannot be watched'

describe.concurrent('executors that start processes or threads (in a network namespace)', () => {
  it('a child process that would fetch, connect and resolve: refused, a finding, the child never runs', async () => {
    const marker = join(scratchDir('hostile-child'), 'ran')
    const r = await gate('spawns-network-child', { FAULTLINE_TEST_MARKER: marker })
    expect(r.code, r.stderr).toBe(1)
    expect(messages(r)).toEqual([
      expect.stringMatching(
        new RegExp(`^run-\\d+/s\\d+: executor spawned-process: spawned a child process \\(spawn ".*"\\): ${SPAWNED}$`),
      ),
    ])
    expect(existsSync(marker)).toBe(false)
  })

  it('a nested Worker that would fetch: refused, a finding', async () => {
    const r = await gate('nested-worker-fetch')
    expect(r.code, r.stderr).toBe(1)
    expect(messages(r)).toEqual([
      expect.stringMatching(/executor spawned-process: started a worker thread \(new Worker "fetch/),
    ])
  })

  it('a detached, unref’d child: refused, and no process with its marker survives the command', async () => {
    const marker = `faultline-h7-detached-${process.pid}-${Date.now()}`
    const r = await gate('detached-child', { FAULTLINE_TEST_MARKER: marker })
    expect(r.code, r.stderr).toBe(1)
    expect(messages(r)).toEqual([expect.stringMatching(/executor spawned-process: spawned a child process \(spawn /)])
    // pgrep exits 1 when nothing matches.
    expect(() => execFileSync('pgrep', ['-f', marker])).toThrow(expect.objectContaining({ status: 1 }))
  })

  it("execSync('sleep 100'): refused at once, the command ends with the finding", async () => {
    const r = await gate('exec-sync-sleep')
    expect(r.code, r.stderr).toBe(1)
    expect(messages(r)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/executor spawned-process: spawned a child process \(execSync "sleep 100"\)/),
        expect.stringMatching(/executor threw: .*spawnSync \/bin\/sh EPERM/),
      ]),
    )
  })

  it('a child that would SIGTERM its parent: refused, the verdict is printed', async () => {
    const r = await gate('child-kills-parent')
    expect(r.code, r.stderr).toBe(1)
    expect(messages(r)).toEqual([
      expect.stringMatching(/executor spawned-process: spawned a child process \(exec ".*process\.kill/),
    ])
  })

  it.each([
    ['spawn_sync', 'sync'],
    ['process_wrap', 'process'],
  ])(
    "a child started through process.binding('%s'), beneath child_process: refused, a finding, it never runs",
    async (name, handle) => {
      const marker = join(scratchDir(`hostile-handle-${handle}`), 'ran')
      const r = await gate('spawns-through-handles', { FAULTLINE_TEST_MARKER: marker, FAULTLINE_TEST_HANDLE: handle })
      expect(r.code, r.stderr).toBe(1)
      expect(messages(r)).toEqual([
        expect.stringMatching(
          new RegExp(
            `executor spawned-process: spawned a child process \\(process\\.binding\\('${name}'\\) "sh -c echo ran`,
          ),
        ),
      ])
      expect(existsSync(marker)).toBe(false)
    },
  )

  it('a SIGKILL to its parent through process._kill (beneath process.kill): refused, the command prints its verdict', async () => {
    const r = await gate('kills-parent-by-handle')
    // Killed, it has no code and prints nothing.
    const report = JSON.parse(r.stdout) as { passed: boolean; summary: { runs: number } }
    expect(report.summary.runs).toBeGreaterThan(0)
    expect(r.code, r.stderr).toBe(report.passed ? 0 : 1)
  })

  it("an inspector session on the host's main thread, to SIGKILL the command from there: refused, a finding", async () => {
    const r = await gate('inspects-main-thread')
    expect(r.code, r.stderr).toBe(1)
    expect(messages(r)).toEqual([
      expect.stringMatching(
        /executor threw: Error: Inspector is not available \(faultline: a run may not inspect the harness's threads\)$/,
      ),
    ])
  })

  it('a child started while the module loads: the load fails, exit 2, one line', async () => {
    const r = await gate('spawns-while-loading')
    expect(r.code, r.stderr).toBe(2)
    expect(r.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(
        /cannot load executor .*spawns-while-loading\.ts: it spawned a child process \(spawn "true"\) while loading; an executor may not start processes or threads/,
      ),
    ])
  })
})

describe('an executor keeping state in files', () => {
  it('its writes to the working directory and the temp dir are findings, the same on every command', async () => {
    const cwd = scratchDir('hostile-writes-cwd')
    const tmp = scratchDir('hostile-writes-tmp')
    const run = () => gate('writes-intent-log', { TMPDIR: tmp }, cwd)
    const first = await run()
    expect(first.code, first.stderr).toBe(1)
    const why =
      'state outside ctx.storage outlives the run and makes verdicts depend on earlier commands; keep it in ctx.storage'
    expect(messages(first)).toEqual([
      `run-0/s1: executor wrote-files: wrote ${join(cwd, 'intent.log')} (fs.appendFileSync): ${why}`,
      expect.stringMatching(
        new RegExp(
          `^run-0/s1: executor wrote-files: wrote ${tmp}/faultline-intent-\\d+\\.log \\(fs\\.promises\\.appendFile\\): `,
        ),
      ),
    ])
    // The write happened: reported, not confined.
    expect(readFileSync(join(cwd, 'intent.log'), 'utf8')).toMatch(/s1\n/)
    // A second command finds the log there and says the same.
    const second = await run()
    expect(second.code, second.stderr).toBe(1)
    const samePid = (m: string[]) => m.map((line) => line.replace(/intent-\d+\.log/, 'intent-PID.log'))
    expect(samePid(messages(second))).toEqual(samePid(messages(first)))
  })

  it("a file made through process.binding('fs'), beneath fs's API: a finding too", async () => {
    const cwd = scratchDir('hostile-writes-binding')
    const r = await gate('writes-beneath-fs', {}, cwd)
    expect(r.code, r.stderr).toBe(1)
    expect(messages(r)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^run-\\d+/s\\d+: executor wrote-files: wrote ${join(cwd, 'raw-intent.log')} \\(process\\.binding\\('fs'\\)\\.open\\): `,
        ),
      ),
    ])
    expect(existsSync(join(cwd, 'raw-intent.log'))).toBe(true)
  })
})
