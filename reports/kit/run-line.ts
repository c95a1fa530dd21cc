// A run's verdict in one line: nothing tested
// is never a pass (a probe's e-mail-only tool
// "passed" the worked example's refund).
import type { RunReport } from '../../harness/campaign/report-schema.ts'

/** `PASS — …`, `NOTHING TESTED — …` or `FAIL — …`. */
export function runLine(r: RunReport): string {
  const n = r.verdict.violations.length
  if (n > 0) return `FAIL — ${n} violation(s)`
  return r.nothingTested ? `NOTHING TESTED — ${r.nothingTested}` : 'PASS — no violation'
}
