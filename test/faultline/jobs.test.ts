// The library's gate() on what a campaign tested: an executor
// that never sends is not a pass; SDKs at their default hosts
// and the reference are tested, and the reference passes.
import { describe, expect, it } from 'vitest'
import { gate } from '../../faultline/jobs.ts'
import { scratchDir } from '../support/scratch.ts'

const fixture = (path: string) => new URL(`../fixtures/${path}`, import.meta.url)
const small = (executor: string | URL, runs: number) =>
  gate({ executor, runs, seed: 5, workers: 1, corpus: false, cwd: scratchDir('jobs') })

describe('gate() and what a campaign tested', () => {
  it('an executor that never sends: not passed, nothing tested, and why', async () => {
    const report = await small(fixture('nothing-tested/never-sends.ts'), 20)
    expect(report.passed).toBe(false)
    expect(report.counterexample).toBeNull()
    expect(report.summary.failingRuns).toBe(0)
    expect(report.summary.requests).toBe(0)
    expect(report.summary.nothingTested).toMatch(
      /^no tool call reached a service in 20 runs: \d+ tool calls answered; \d+ asks FAILED_NO_EFFECT before a request reached a service; the first answer \(run 1, [^)]+\): FAILED_NO_EFFECT, "Not done\."$/,
    )
  })

  it('the reference: something tested, and it passes', async () => {
    const report = await small('reference', 30)
    expect(report.summary.nothingTested).toBeNull()
    expect(report.summary.verification.calls).toBeGreaterThan(0)
    expect(report.passed).toBe(true)
  })

  for (const sdk of ['stripe', 'resend'])
    it(`${sdk} at its default host: its requests reach the mock, nothing is refused`, async () => {
      const report = await small(fixture(`vendor-hosts/${sdk}-default-host.ts`), 10)
      expect(report.summary.requests).toBeGreaterThan(0)
      expect(report.summary.blocked).toEqual({ attempts: 0, hosts: [] })
      expect(report.summary.nothingTested).toBeNull()
      expect(report.summary.violations['executor-fault']).toBe(0)
    })
})
