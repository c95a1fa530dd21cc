// A run's verdict in one line: nothing tested
// is never a pass (a probe's e-mail-only tool
// "passed" the worked example's refund), and
// comes first, as a gate says it.
import type { RunReport } from '../../harness/campaign/report-schema.ts'

/** `PASS — …`, or `NOTHING TESTED — …` and/or `FAIL — …`. */
export function runLine(r: RunReport): string {
  const n = r.verdict.violations.length
  const parts = [r.nothingTested ? `NOTHING TESTED — ${r.nothingTested}` : '', n > 0 ? `FAIL — ${n} violation(s)` : '']
  return parts.filter(Boolean).join('; ') || 'PASS — no violation'
}
