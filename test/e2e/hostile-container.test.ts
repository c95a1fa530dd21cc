// What a worker thread alone could not contain:
// each worker lives in a host process of its own
// group, so a thread blocked in a system call is
// killed, stdin is empty, and what an executor
// prints is cut at a budget, the supervisor's
// memory flat.
import { execFileSync, spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { scratchDir } from '../support/scratch.ts'

const ROOT = join(import.meta.dirname, '..', '..')
const HOSTILE = join(ROOT, 'test/fixtures/hostile')
/** A command still running past this is killed. */
const BOUND_MS = 150_000
const CUT = "printed more than 1 MB in one run; the rest of that run's output is dropped"

interface Ran {
  readonly code: number | null
  readonly stdout: string
  readonly stderr: string
  /** Characters on stderr, and if the cut was said. */
  readonly printed: number
  readonly saidCut: boolean
  /** The CLI's own peak resident memory (MB). */
  readonly peakMb: number
}

/**
 * The real CLI, its stdin held open (a pipe
 * nobody writes to), its peak RSS sampled
 * from /proc while it runs.
 */
function gate(fixture: string, env: Record<string, string> = {}, ...more: string[]): Promise<Ran> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      import.meta.resolve('tsx'),
      join(ROOT, 'faultline/cli/bin.ts'),
      'gate',
      '--executor',
      `${HOSTILE}/${fixture}.ts`,
      '--runs',
      '3',
      '--workers',
      '1',
      '--json',
      '--no-corpus',
      ...more,
    ],
    { cwd: scratchDir('hostile-container'), env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'pipe'] },
  )
  let stdout = ''
  let stderr = ''
  let printed = 0
  let tail = ''
  let saidCut = false
  let peakMb = 0
  child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c))
  // Counted, not kept: a flood would fill the test.
  child.stderr.setEncoding('utf8').on('data', (c: string) => {
    printed += c.length
    if (stderr.length < 64 * 1024) stderr += c
    saidCut ||= (tail + c).includes(CUT)
    tail = c.slice(-CUT.length)
  })
  const sample = setInterval(() => {
    try {
      const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0)
      peakMb = Math.max(peakMb, kb / 1024)
    } catch {
      // Already gone.
    }
  }, 100)
  const killer = setTimeout(() => child.kill('SIGKILL'), BOUND_MS)
  return new Promise((resolve) => {
    child.on('close', (code) => {
      clearInterval(sample)
      clearTimeout(killer)
      resolve({ code, stdout, stderr: stderr.slice(0, 2_000), printed, saidCut, peakMb })
    })
  })
}

function findings(r: Ran): { judge: string; message: string }[] {
  const json = JSON.parse(r.stdout) as { counterexample: { violations: { judge: string; message: string }[] } | null }
  return json.counterexample?.violations ?? []
}

describe.concurrent('a worker is a process: what a thread cannot survive, its host does', () => {
  it('a thread blocked in open() of a FIFO nobody writes to is hung, killed with its process', async () => {
    const fifo = join(scratchDir('hostile-fifo'), 'never-written')
    execFileSync('mkfifo', [fifo])
    const r = await gate('blocks-in-read', { FAULTLINE_TEST_FIFO: fifo }, '--run-timeout', '1500')
    expect(r.code, r.stderr).toBe(1)
    expect(findings(r)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          judge: 'executor-fault',
          message: expect.stringMatching(/hung: the run did not finish within 1\.5 s of real time/),
        }),
      ]),
    )
  })

  it('a boot() that blocks its thread for 30 s (Atomics.wait) is hung within the budget', async () => {
    const r = await gate('boot-blocks', {}, '--run-timeout', '1500')
    expect(r.code, r.stderr).toBe(1)
    expect(findings(r)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          judge: 'executor-fault',
          message: expect.stringMatching(/hung: the run did not finish within 1\.5 s of real time/),
        }),
      ]),
    )
  })

  it("reading /dev/stdin ends at once: a worker's stdin is empty, whatever the command's is", async () => {
    const r = await gate('reads-stdin')
    expect(r.code, r.stderr).toBe(0)
    expect(JSON.parse(r.stdout).passed).toBe(true)
  })

  for (const flood of ['bytes', 'lines'] as const) {
    it(`a flood of output (${flood === 'bytes' ? '1 GB to stdout' : 'a million console.log lines'}) is cut at 1 MB a run and said so; the supervisor's memory stays flat`, async () => {
      // A million lines take seconds on a loaded
      // machine: room, so the run is not hung.
      const r = await gate('floods-output', { FAULTLINE_TEST_FLOOD: flood }, '--run-timeout', '60000')
      expect(r.code, r.stderr).toBe(0)
      expect(r.saidCut).toBe(true)
      expect(r.printed).toBeLessThan(4 * 2 ** 20) // 3 runs of 1 MB at most, and the report's lines
      expect(r.peakMb).toBeLessThan(400)
    })
  }
})
