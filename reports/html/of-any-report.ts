// The HTML report of any report: a gate's or a comparison's through
// from-report.ts, and a single run's drawn the same way — its
// history as one timeline, whether it failed or not. Only formatting.
import { replayCommand } from '../../harness/campaign/report.ts'
import type { Report, RunReport } from '../../harness/campaign/report-schema.ts'
import type { HistoryEvent } from '../../harness/history/history.ts'
import { htmlReportFrom } from './from-report.ts'
import type { HtmlReport } from './input.ts'
import { renderHtmlReport } from './report.ts'

export function renderHtml(report: Report): string {
  return renderHtmlReport(report.command === 'run' ? runHtml(report) : htmlReportFrom(report))
}

function runHtml(r: RunReport): HtmlReport {
  const v = r.verdict
  const byJudge: Record<string, number> = {}
  const byBoundary: Record<string, number> = {}
  for (const x of v.violations) {
    byJudge[x.judge] = (byJudge[x.judge] ?? 0) + 1
    for (const b of x.boundaries.length ? x.boundaries : ['(no fault)']) byBoundary[b] = (byBoundary[b] ?? 0) + 1
  }
  const sorted = [...v.recoveryMs].sort((a, b) => a - b)
  const at = (q: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]! : null)
  return {
    title: `faultline run — ${r.scenario.name}`,
    subtitle: `run — scenario ${r.scenario.file} against ${r.executor.name}`,
    verdict: { passed: r.passed, line: r.passed ? 'PASS — no violation' : `FAIL — ${v.violations.length} violation(s)` },
    leaderboard: [{ executor: r.executor.name, runs: 1, failingRuns: r.passed ? 0 : 1, violations: byJudge, unresolvedRate: v.unresolved.calls ? v.unresolved.unresolved / v.unresolved.calls : 0, recoveryP50Ms: at(0.5), recoveryP95Ms: at(0.95), passK: null }],
    violationsByJudge: byJudge,
    violationsByBoundary: byBoundary,
    recoveryMs: { [r.executor.name]: v.recoveryMs },
    counterexamples: [
      {
        executor: r.executor.name,
        judge: v.violations[0]?.judge ?? 'no violation',
        violations: v.violations.map((x) => ({ judge: x.judge, call: x.call, message: x.message })),
        scenarioJson: `(the scenario file ${r.scenario.file})`,
        replay: replayCommand('npx faultline', r.scenario.file, r.executor.spec),
        history: r.history as readonly HistoryEvent[],
      },
    ],
  }
}
