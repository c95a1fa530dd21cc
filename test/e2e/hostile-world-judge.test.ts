// Issue 22, "a world inconsistent with its judge",
// at campaign level: the gate that showed it
// (retries-permanent-errors, seed 1: a 422 on
// the first send, the same e-mail resent and
// accepted, the resend blamed) now shows every
// resend refused, nothing sent, the same finding.
import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { scratchDir } from '../support/scratch.ts'

const ROOT = join(import.meta.dirname, '..', '..')

interface Ran {
  readonly code: number | null
  readonly stdout: string
  readonly stderr: string
}

/** The real CLI in a scratch dir; killed after 90 s (code null). */
function cli(args: string[]): Promise<Ran> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', import.meta.resolve('tsx'), join(ROOT, 'faultline/cli/bin.ts'), ...args],
      { cwd: scratchDir('hostile-world-judge'), timeout: 90_000, maxBuffer: 64 * 2 ** 20 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : null) : 0
        resolve({ code, stdout, stderr: error?.killed ? `${stderr}\n(killed: still running after 90 s)` : stderr })
      },
    )
  })
}

interface Event {
  readonly type: string
  readonly attempt?: number
  readonly status?: number | null
  readonly probe?: boolean
  readonly kind?: string
}

describe('a world consistent with its judge, at campaign level', () => {
  it('gate retries-permanent-errors --seed 1: the refused e-mail is refused on every resend, never sent, and blamed', async () => {
    const r = await cli([
      'gate',
      '--executor',
      'retries-permanent-errors',
      '--runs',
      '200',
      '--seed',
      '1',
      '--workers',
      '1',
      '--no-corpus',
      '--json',
    ])
    expect(r.code, r.stderr).toBe(1)
    const { counterexample } = JSON.parse(r.stdout) as {
      counterexample: {
        judge: string
        reproduced: boolean
        scenario: { faults: { kind: string; status?: number }[] }
        history: Event[]
      }
    }
    expect(counterexample.judge).toBe('permanent-error-retried')
    expect(counterexample.reproduced).toBe(true)
    expect(counterexample.scenario.faults).toContainEqual(
      expect.objectContaining({ kind: 'error-response', status: 400 }),
    )
    const h = counterexample.history
    const struck = h.find((e) => e.type === 'fault-injected' && e.kind === 'error-response')?.attempt
    const sends = h.filter((e) => e.type === 'attempt-sent' && !e.probe).map((e) => e.attempt)
    const answers = new Map(h.filter((e) => e.type === 'answered').map((e) => [e.attempt, e.status]))
    const refusal = answers.get(struck)
    expect([400, 422]).toContain(refusal)
    const resends = sends.filter((a) => a! > struck!)
    expect(resends.length).toBeGreaterThanOrEqual(1)
    for (const a of resends) expect(answers.get(a)).toBe(refusal)
    expect(h.filter((e) => e.type === 'effect-applied')).toEqual([])
  }, 120_000)
})
