// A campaign's lifecycle against the real CLI: a
// billion runs drawn lazily under --max-time, SIGINT
// and SIGTERM ending with the verdict so far (a second
// signal: at once), and a failure that a replay alone
// does not reproduce said to be one, with why.
import { spawn } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { scratchDir } from '../support/scratch.ts'
import { cliProcess, type Ran } from '../support/cli-process.ts'

const ROOT = join(import.meta.dirname, '..', '..')
const HOSTILE = join(ROOT, 'test/fixtures/hostile')
const BIN = join(ROOT, 'faultline/cli/bin.ts')
/** The main process's heap: a billion-entry array would not fit. */
const NODE = [`--max-old-space-size=192`, '--import', import.meta.resolve('tsx'), BIN]

const cli = (args: string[], cwd = scratchDir('lifecycle')): Promise<Ran> => cliProcess(args, { cwd })

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/**
 * The worker hosts `pid` started (Linux: /proc):
 * not any child, as esbuild's (tsx's compiler,
 * the checkout's build) may come before them.
 */
function hostsOf(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`)
      .flatMap((tid) =>
        readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
      )
      .filter((child) => readFileSync(`/proc/${child}/cmdline`, 'utf8').includes('host.mjs'))
  } catch {
    return []
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/**
 * Start the CLI, wait until its workers are up
 * (a child process: the campaign is under way)
 * and `settle` ms more, then send the signals.
 */
async function interrupted(
  args: string[],
  signals: readonly NodeJS.Signals[],
  settle: number | 'spinning',
): Promise<Ran & { cwd: string; hosts: number[]; afterLast: number }> {
  const cwd = scratchDir('lifecycle-signal')
  const child = spawn(process.execPath, [...NODE, ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'] })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (d) => (stdout += d))
  child.stderr.on('data', (d) => (stderr += d))
  const ended = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  const kill = setTimeout(() => child.kill('SIGKILL'), 90_000)
  let hosts: number[] = []
  for (let waited = 0; hosts.length === 0 && waited < 60_000 && child.exitCode === null; waited += 100) {
    await sleep(100)
    hosts = hostsOf(child.pid!)
  }
  if (settle === 'spinning') await untilSpinning(hosts)
  else await sleep(settle)
  let last = 0
  for (const s of signals) {
    child.kill(s)
    last = Date.now()
    await sleep(300)
  }
  const code = await ended
  const afterLast = Date.now() - last
  clearTimeout(kill)
  return { code, stdout, stderr, cwd, hosts, afterLast }
}

/** A host's CPU ticks (utime + stime), or null. */
function ticks(pid: number): number | null {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
    return Number(f[11]) + Number(f[12])
  } catch {
    return null
  }
}

/**
 * Until a host has burnt 3 s of CPU: past its
 * load (under 1.5 s even cold), so its run is in
 * the busy loop. A fixed wait may signal before
 * a loaded machine dispatched the run.
 */
async function untilSpinning(hosts: readonly number[]): Promise<void> {
  for (let waited = 0; waited < 45_000; waited += 200) {
    // 100 ticks a second.
    if (hosts.some((h) => (ticks(h) ?? 0) >= 300)) return
    await sleep(200)
  }
}

/** What the CLI started is gone, within 5 s. */
async function allGone(pids: readonly number[]): Promise<boolean> {
  for (let waited = 0; waited < 5_000; waited += 100) {
    if (!pids.some(alive)) return true
    await sleep(100)
  }
  return false
}

describe('a campaign cut short', () => {
  // The budget counts from the command's start: on
  // a loaded machine loading may take most of it,
  // and a campaign that made no run is no pass.
  it('--runs 1000000000 --max-time 3000: the runs drawn lazily, the verdict on the runs made, exit 0', async () => {
    const r = await cli([
      'gate',
      '--executor',
      'reference',
      '--runs',
      '1000000000',
      '--max-time',
      '3000',
      '--workers',
      '1',
      '--no-corpus',
      '--json',
    ])
    expect(r.stderr).toContain('--max-time 3000 ms ran out')
    const report = JSON.parse(r.stdout)
    expect(report.cut).toEqual({ by: 'max-time', signal: null, maxTimeMs: 3000 })
    expect(report.campaign.runs).toBe(1_000_000_000)
    expect(report.summary.runs).toBeLessThan(1_000_000_000)
    expect(report.passed).toBe(report.summary.runs > 0)
    expect(r.code).toBe(report.summary.runs > 0 ? 0 : 1)
  })

  it('text and JUnit say how many runs of how many, and that the time budget ended it', async () => {
    const cwd = scratchDir('lifecycle-text')
    const r = await cli(
      [
        'gate',
        '--executor',
        'reference',
        '--runs',
        '1000000000',
        '--max-time',
        '8000',
        '--workers',
        '1',
        '--no-corpus',
        '--junit',
        'j.xml',
      ],
      cwd,
    )
    const head = /(\d+) of 1000000000 runs \(cut by --max-time\)/.exec(r.stdout)
    expect(head).not.toBeNull()
    const made = Number(head![1])
    expect(r.stdout).toContain(
      `CUT — the time budget (--max-time 8000 ms) ended the campaign after ${made} of 1000000000 runs: ${made ? 'the verdict is on those runs' : 'nothing tested, not a pass'}`,
    )
    if (made) expect(r.stdout).toContain(`PASS — no violation in ${made} generated runs`)
    else expect(r.stdout).not.toMatch(/^PASS/m)
    expect(r.code).toBe(made ? 0 : 1)
    const junit = readFileSync(join(cwd, 'j.xml'), 'utf8')
    expect(junit).toContain('<property name="cut" value="max-time"')
    expect(junit).toContain(`<property name="runs-made" value="${head![1]}"`)
  })

  it('compare --max-time: the executors reached, the last cut short; exit 0', async () => {
    const r = await cli([
      'compare',
      '--executors',
      'reference,naive',
      '--runs',
      '1000000000',
      '--max-time',
      '6000',
      '--workers',
      '1',
      '--no-corpus',
      '--json',
    ])
    expect(r.code).toBe(0)
    const report = JSON.parse(r.stdout)
    expect(report.cut.by).toBe('max-time')
    // The first executor's billion runs never end:
    // the second is never reached (the first may not
    // be, if loading the modules took the budget).
    expect(report.rows.length).toBeLessThan(2)
    for (const row of report.rows) {
      expect(row.summary.runs).toBeLessThan(1_000_000_000)
      expect(row.passK.scenarios).toBe(0)
    }
  })

  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const) {
    it(`${signal}: stops, prints and writes the verdict so far marked interrupted, exit ${code}, nothing left running`, async () => {
      const r = await interrupted(
        [
          'gate',
          '--executor',
          'reference',
          '--runs',
          '1000000000',
          '--workers',
          '1',
          '--no-corpus',
          '--out',
          'out.json',
          '--junit',
          'j.xml',
        ],
        [signal],
        1_500,
      )
      expect(r.hosts.length).toBeGreaterThan(0)
      expect(r.code).toBe(code)
      expect(r.stderr).toContain(`faultline: ${signal}: no new run starts`)
      const head = /(\d+) of 1000000000 runs \(interrupted by (SIG\w+)\)/.exec(r.stdout)
      expect(head?.[2]).toBe(signal)
      expect(r.stdout).toContain(
        `INTERRUPTED — ${signal} interrupted the campaign after ${head![1]} of 1000000000 runs: the verdict so far, not a pass`,
      )
      expect(r.stdout).not.toMatch(/^PASS/m)
      const out = JSON.parse(readFileSync(join(r.cwd, 'out.json'), 'utf8'))
      expect(out.cut).toEqual({ by: 'interrupted', signal, maxTimeMs: null })
      expect(out.passed).toBe(false)
      expect(out.summary.runs).toBe(Number(head![1]))
      expect(out.runs).toHaveLength(out.summary.runs)
      const junit = readFileSync(join(r.cwd, 'j.xml'), 'utf8')
      expect(junit).toContain(`<property name="cut" value="interrupted (${signal})"`)
      expect(junit).toMatch(/<testcase name="campaign-cut"[^>]*>\s*<error[^>]*type="interrupted"/)
      expect(await allGone(r.hosts)).toBe(true)
    })
  }

  it('a second SIGINT while a hung run finishes exits at once, 130, with nothing left running', async () => {
    const r = await interrupted(
      [
        'gate',
        '--executor',
        join(HOSTILE, 'busy-loop.ts'),
        '--runs',
        '5',
        '--workers',
        '1',
        '--run-timeout',
        '60000',
        '--no-corpus',
      ],
      ['SIGINT', 'SIGINT'],
      'spinning',
    )
    expect(r.hosts.length).toBeGreaterThan(0)
    expect(r.code).toBe(130)
    // The first waits for the hung run (60 s
    // budget); the second does not.
    expect(r.afterLast).toBeLessThan(20_000)
    expect(r.stdout).toBe('')
    expect(await allGone(r.hosts)).toBe(true)
  })
})

describe('a failure a replay alone does not reproduce', () => {
  it('says so in the text, with why (state from earlier runs), and its replay indeed passes', async () => {
    const cwd = scratchDir('lifecycle-state')
    const fixture = join(HOSTILE, 'fails-on-third-boot.ts')
    const r = await cli(['gate', '--executor', fixture, '--runs', '10', '--workers', '1', '--run-timeout', '5000'], cwd)
    expect(r.code).toBe(1)
    expect(r.stdout).toContain('FAIL — 1 failing run(s), first at run 3')
    expect(r.stdout).toContain(
      "did not reproduce: replaying this scenario alone did not reproduce the failure, so it is the original run's scenario, unshrunk, and its replay passes: the executor's behaviour depends on state from earlier runs (module-level variables, files, a cache). Keep run state in ctx.storage or inside boot()",
    )
    const replay = /replay with {2}.* run (\S+) --executor \S+ \(alone it passes: see above\)/.exec(r.stdout)
    expect(replay).not.toBeNull()
    expect(existsSync(join(cwd, replay![1]!))).toBe(true)
    const again = await cli(['run', replay![1]!, '--executor', fixture, '--json'], cwd)
    expect(again.code).toBe(0)
    expect(JSON.parse(again.stdout).passed).toBe(true)
  })
})
