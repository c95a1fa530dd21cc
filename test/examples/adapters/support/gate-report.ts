// Reading a gate's report in a test: why it failed,
// for the assertion's message, and what a pass is.
import { expect } from 'vitest'
import type { GateReport } from '../../../../faultline/index.ts'

/** Why a gate failed, for the assertion's message. */
export const why = (r: GateReport) =>
  r.counterexample
    ? `${r.counterexample.judge} in run ${r.counterexample.run}: ${r.counterexample.violations.map((v) => v.message).join('; ')} (${r.counterexample.replay})`
    : (r.summary.nothingTested ?? 'failed')

/** Passed all `runs`: something tested, no violation, no vendor faultline does not simulate. */
export function expectPassed(report: GateReport, runs: number): void {
  expect(report.counterexample, why(report)).toBeNull()
  expect(report.passed, why(report)).toBe(true)
  expect(report.summary.runs).toBe(runs)
  expect(report.summary.nothingTested).toBeNull()
  expect(report.summary.blocked.attempts).toBe(0)
}
