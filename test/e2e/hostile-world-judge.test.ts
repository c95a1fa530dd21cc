// Issue 22, "a world inconsistent with its judge",
// at campaign level: the gate that showed it
// (retries-permanent-errors, seed 1: a 422 on
// the first send, the same e-mail resent and
// accepted, the resend blamed) now shows every
// resend refused, nothing sent, the same finding.
import { describe, expect, it } from 'vitest'
import { scratchDir } from '../support/scratch.ts'
import { cliProcess, type Ran } from '../support/cli-process.ts'

const cli = (args: string[]): Promise<Ran> => cliProcess(args, { cwd: scratchDir('hostile-world-judge') })

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
