// The HTML gate report's one-line verdict:
// pass, cut, interrupted, or why it failed.
import type { GateReport } from '../../harness/campaign/report-schema.ts'
import { cutLabel, cutLine } from '../kit/cut-notes.ts'

export function gateHeadline(report: GateReport): string {
  const s = report.summary
  const c = report.campaign
  const cut = cutLine(report.cut, s.runs, c.runs)
  return report.passed
    ? `PASS — no violation in ${s.runs} generated runs${cut ? ` (${cut})` : ''}`
    : cut && report.cut && !report.counterexample
      ? `${cutLabel(report.cut)} — ${cut}`
      : s.nothingTested && !c.shard
        ? `FAIL — nothing tested: ${s.nothingTested}`
        : report.counterexample
          ? `FAIL — ${s.failingRuns} failing run(s), first at run ${s.firstFailureRun}`
          : report.corpus.some((e) => e.status === 'still-failing')
            ? 'FAIL — a saved counterexample still fails'
            : 'FAIL — the campaign fell short of what --min-coverage declares'
}
