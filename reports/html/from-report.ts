// What the HTML report draws, derived from a report (the JSON that --json
// prints, --out writes and merge reads): the HTML renderer reads nothing else,
// so a saved or merged result can be drawn later. Only formatting: picking
// fields, naming lines, flattening the runs' recovery latencies for the chart.
import type { CompareReport, GateReport, ReportCounterexample, ReportSummary } from '../../harness/campaign/report-schema.ts'
import type { HistoryEvent } from '../../harness/history/history.ts'
import type { HtmlCounterexample, HtmlReport, HtmlRow } from './input.ts'

type RunsOf = GateReport['runs']

export function htmlReportFrom(report: GateReport | CompareReport): HtmlReport {
  const c = report.campaign
  const shard = c.shard ? `, shard ${c.shard.index}/${c.shard.total}` : ''
  if (report.command === 'gate') {
    const s = report.summary
    const line = report.passed
      ? `PASS — no violation in ${s.runs} generated runs`
      : report.counterexample
        ? `FAIL — ${s.failingRuns} failing run(s), first at run ${s.firstFailureRun}`
        : report.corpus.some((e) => e.status === 'still-failing')
          ? 'FAIL — a saved counterexample still fails'
          : 'FAIL — the campaign never exercised what --min-coverage declares'
    return {
      title: `faultline gate — ${s.executor}`,
      subtitle: `gate — executor ${s.executor}, seed ${c.seed}, ${s.runs} of ${c.runs} runs, profile ${c.profile}${shard}`,
      verdict: { passed: report.passed, line },
      leaderboard: [row(s, null)],
      violationsByJudge: nonZero(s.violations),
      violationsByBoundary: { ...s.violationsByBoundary },
      recoveryMs: { [s.executor]: recovery(report.runs) },
      counterexamples: report.counterexample ? [counterexample(s.executor, report.counterexample)] : [],
    }
  }
  const failing = report.rows.filter((r) => r.summary.failingRuns > 0)
  return {
    title: 'faultline compare',
    subtitle: `compare — ${report.rows.length} executor(s), the same ${c.runs} scenarios, seed ${c.seed}, profile ${c.profile}${shard}`,
    verdict: { passed: failing.length === 0, line: failing.length ? `FAIL — ${failing.length} of ${report.rows.length} executor(s) had a violation` : `PASS — no violation in ${c.runs} scenarios` },
    leaderboard: report.rows.map((r) => row(r.summary, r.passK.rate)),
    violationsByJudge: sum(report.rows.map((r) => r.summary.violations)),
    violationsByBoundary: sum(report.rows.map((r) => r.summary.violationsByBoundary)),
    recoveryMs: Object.fromEntries(report.rows.map((r) => [r.summary.executor, recovery(r.runs)])),
    counterexamples: report.rows.flatMap((r) => r.counterexamples.map((x) => counterexample(r.summary.executor, x))),
  }
}

function row(s: ReportSummary, passK: number | null): HtmlRow {
  return { executor: s.executor, runs: s.runs, failingRuns: s.failingRuns, violations: nonZero(s.violations), unresolvedRate: s.unresolved.rate, recoveryP50Ms: s.recoveryMs.p50, recoveryP95Ms: s.recoveryMs.p95, passK }
}

function counterexample(executor: string, c: ReportCounterexample): HtmlCounterexample {
  return {
    executor,
    judge: c.judge,
    violations: c.violations.map((v) => ({ judge: v.judge, call: v.call, message: v.message })),
    scenarioJson: JSON.stringify(c.scenario, null, 2),
    replay: c.replay ?? `faultline run <the scenario below, saved as a file> (fast-check seed ${c.fastCheck.seed} path ${c.fastCheck.path})`,
    history: (c.history ?? []) as readonly HistoryEvent[],
  }
}

/** Every faulted call's recovery latency, from the runs' records (files written by --out); none from --json. */
function recovery(runs: RunsOf): number[] {
  return (runs ?? []).flatMap((r) => r.verdict.recovery.map((x) => x.ms))
}

function nonZero(counts: Readonly<Record<string, number>>): Record<string, number> {
  return Object.fromEntries(Object.entries(counts).filter(([, n]) => n > 0))
}

function sum(all: readonly Readonly<Record<string, number>>[]): Record<string, number> {
  const out: Record<string, number> = {}
  for (const counts of all) for (const [k, n] of Object.entries(counts)) if (n > 0) out[k] = (out[k] ?? 0) + n
  return out
}
