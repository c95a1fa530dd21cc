// What the HTML report draws, from a
// report's JSON alone, so a saved or merged
// result can be drawn later.
import type {
  CompareReport,
  GateReport,
  ReportCounterexample,
  ReportSummary,
  RunReport,
} from '../../harness/campaign/report-schema.ts'
import type { HistoryEvent } from '../../harness/history/history.ts'
import { pct } from '../kit/format.ts'
import type { HtmlCounterexample, HtmlFigure, HtmlRecoveryClass, HtmlReport, HtmlRow } from './input.ts'
import { duration } from './time.ts'
import { byLeaderboard } from '../kit/leaderboard.ts'
import { gateChecks } from './gate-checks.ts'
import { gateHeadline } from './gate-headline.ts'
import { runLine } from '../kit/run-line.ts'
import { leftOutLine, vendorsPart } from '../kit/vendors-part.ts'

type RunsOf = GateReport['runs']

export function htmlReportFrom(report: GateReport | CompareReport | RunReport): HtmlReport {
  if (report.command === 'run') return fromRun(report)
  const c = report.campaign
  const shard = c.shard ? `, shard ${c.shard.index}/${c.shard.total}` : ''
  if (report.command === 'gate') {
    const s = report.summary
    const line = gateHeadline(report)
    return {
      title: `faultline gate — ${s.executor}`,
      subtitle: `gate — executor ${s.executor}, seed ${c.seed}, ${s.runs} of ${c.runs} runs${report.cut ? ` (${report.cut.by})` : ''}, profile ${c.profile}${vendorsPart(c)}${shard}`,
      verdict: { passed: report.passed, line },
      leaderboard: [row(s, null)],
      violationsByJudge: nonZero(s.violations),
      violationsByBoundary: { ...s.violationsByBoundary },
      recoveryMs: { [s.executor]: recovery(report.runs) },
      figures: gateFigures(s, c.runs),
      coverage: s.coverage,
      checks: gateChecks(report),
      counterexamples: report.counterexample ? [counterexample(s.executor, report.counterexample)] : [],
    }
  }
  const failing = report.rows.filter((r) => r.summary.failingRuns > 0)
  // A shard leaves it to the merge.
  const idle = c.shard ? [] : report.rows.filter((r) => r.summary.nothingTested).map((r) => r.summary.executor)
  const had = failing.length ? `${failing.length} of ${report.rows.length} executor(s) had a violation` : ''
  const why = [had, idle.length ? `nothing tested by ${idle.join(', ')}` : ''].filter(Boolean).join('; ')
  // The text leaderboard's order.
  const rows = [...report.rows].sort(byLeaderboard)
  const left = leftOutLine(report, c.vendors)
  return {
    title: 'faultline compare',
    subtitle: `compare — ${report.rows.length} executor(s), the same ${c.runs} scenarios, seed ${c.seed}, profile ${c.profile}${vendorsPart(c)}${shard}${left ? `; ${left}` : ''}`,
    verdict: { passed: !why, line: why ? `FAIL — ${why}` : `PASS — no violation in ${c.runs} scenarios` },
    leaderboard: rows.map((r) => row(r.summary, r.passK.rate)),
    violationsByJudge: sum(report.rows.map((r) => r.summary.violations)),
    violationsByBoundary: sum(report.rows.map((r) => r.summary.violationsByBoundary)),
    recoveryMs: Object.fromEntries(rows.map((r) => [r.summary.executor, recovery(r.runs)])),
    recoveryByFault: rows.map((r) => ({
      executor: r.summary.executor,
      classes: r.summary.recoveryByFault.map(recoveryClass),
    })),
    counterexamples: rows.flatMap((r) => r.counterexamples.map((x) => counterexample(r.summary.executor, x))),
  }
}

/**
 * One replayed scenario: a one-row
 * leaderboard; its history drawn even if
 * it passed.
 */
function fromRun(report: RunReport): HtmlReport {
  const v = report.verdict
  const name = report.executor.name
  const byJudge: Record<string, number> = {}
  const byBoundary: Record<string, number> = {}
  for (const x of v.violations) {
    byJudge[x.judge] = (byJudge[x.judge] ?? 0) + 1
    // As harness/campaign/campaign.ts counts:
    // no fault is a boundary of its own.
    for (const b of x.boundaries.length ? x.boundaries : ['(no fault)']) byBoundary[b] = (byBoundary[b] ?? 0) + 1
  }
  return {
    title: `faultline run — ${report.scenario.name}`,
    subtitle: `run — scenario ${report.scenario.file} against executor ${name}`,
    verdict: {
      passed: report.passed,
      line: runLine(report),
    },
    leaderboard: [
      {
        executor: name,
        runs: 1,
        failingRuns: report.passed ? 0 : 1,
        violations: byJudge,
        unresolvedRate: v.unresolved.calls ? v.unresolved.unresolved / v.unresolved.calls : 0,
        // One run's percentiles add nothing.
        recoveryP50Ms: null,
        recoveryP95Ms: null,
        passK: null,
        probesPerCall: v.verification.calls ? v.verification.probes / v.verification.calls : 0,
        extraSendsPerCall: v.verification.calls ? v.verification.extraAttempts / v.verification.calls : 0,
      },
    ],
    figures: [
      {
        label: 'unresolved',
        value: `${v.unresolved.unresolved} of ${v.unresolved.calls}`,
        note: 'tool calls whose last report is UNKNOWN',
      },
      {
        label: 'recovery',
        value: v.recovery.map((r) => `${duration(r.ms)} (${r.kind} @ ${r.boundary})`).join(', ') || '—',
        note: "virtual time from each faulted call's first fault to its first known outcome, less the executor's downtime",
      },
      {
        label: 'verification',
        value: `${v.verification.probes} probe(s), ${v.verification.extraAttempts} extra send(s)`,
        note: `over ${v.verification.calls} tool call(s)`,
      },
      { label: 'not started', value: String(v.notStarted), note: 'asks refused before sending anything' },
      { label: 'human review', value: String(v.humanReview), note: 'outcomes left to a person' },
      {
        label: 'late effects',
        value: String(v.lateEffects),
        note: "effects after their turn's deadline the executor could not stop",
      },
      {
        label: 'simulated',
        value: duration(v.simulatedMs),
        note: `of virtual time · ${v.requests} request(s) · ${v.faults} fault(s)`,
      },
    ],
    coverage: report.coverage,
    violationsByJudge: byJudge,
    violationsByBoundary: byBoundary,
    recoveryMs: { [name]: v.recovery.map((r) => r.ms) },
    timelinesHeading: 'The run',
    counterexamples: [
      {
        executor: name,
        judge: v.violations[0]?.judge ?? 'no violation',
        violations: v.violations.map((x) => ({ judge: x.judge, call: x.call, message: x.message })),
        scenarioJson: null,
        scenarioFile: report.scenario.file,
        replay: `npx faultline run ${report.scenario.file} --executor ${report.executor.spec}`,
        history: report.history as readonly HistoryEvent[],
      },
    ],
  }
}

function row(s: ReportSummary, passK: number | null): HtmlRow {
  return {
    executor: s.executor,
    runs: s.runs,
    failingRuns: s.failingRuns,
    nothingTested: s.nothingTested,
    violations: nonZero(s.violations),
    unresolvedRate: s.unresolved.rate,
    recoveryP50Ms: s.recoveryMs.p50,
    recoveryP95Ms: s.recoveryMs.p95,
    passK,
    probesPerCall: s.verification.probesPerCall,
    extraSendsPerCall: s.verification.extraAttemptsPerCall,
  }
}

/** The gate's figures, as the text report words them. */
function gateFigures(s: ReportSummary, asked: number): HtmlFigure[] {
  const p = (v: number | null) => (v === null ? '—' : duration(v))
  return [
    {
      label: 'runs',
      value: `${s.runs} of ${asked}`,
      note: s.runs < asked && s.failingRuns ? 'a gate stops at its first failure' : 'generated runs counted',
    },
    {
      label: 'failing runs',
      value: String(s.failingRuns),
      note: s.firstFailureRun === null ? 'none' : `the first at run ${s.firstFailureRun}`,
    },
    {
      label: 'unresolved',
      value: pct(s.unresolved.rate),
      note: `${s.unresolved.unresolved} of ${s.unresolved.calls} tool calls ended UNKNOWN`,
    },
    {
      label: 'recovery',
      value: `p50 ${p(s.recoveryMs.p50)} · p95 ${p(s.recoveryMs.p95)} · max ${p(s.recoveryMs.max)}`,
      note: `virtual time from a call's first fault to its first known outcome (${s.recoveryMs.count} faulted calls)`,
    },
    // Per first-fault class: one slow class (a
    // 25-hour crash pause) hides no other.
    ...s.recoveryByFault.map(
      (c): HtmlFigure => ({
        label: `↳ ${c.kind} @ ${c.boundary}`,
        value: `p50 ${p(c.latency.p50)} · p95 ${p(c.latency.p95)} · max ${p(c.latency.max)}`,
        note: `recovery after a first fault of this class (${c.latency.count} faulted call${c.latency.count === 1 ? '' : 's'})`,
      }),
    ),
    {
      label: 'verification',
      value: `${s.verification.probesPerCall.toFixed(2)} probes · ${s.verification.extraAttemptsPerCall.toFixed(2)} extra sends`,
      note: 'per tool call',
    },
    {
      label: 'not started',
      value: String(s.notStarted),
      note: 'asks refused before sending anything (e.g. too little budget left)',
    },
    { label: 'human review', value: String(s.humanReview), note: 'outcomes left to a person' },
    {
      label: 'late effects',
      value: String(s.lateEffects),
      note: `effects after their turn's deadline the executor could not stop${s.abortsUnsupported ? ` · ${s.abortsUnsupported} abort(s) it cannot do (no abort())` : ''}`,
    },
    {
      label: 'simulated',
      value: duration(s.simulatedMs),
      note: `of virtual time · ${s.requests} requests · ${s.faults} faults`,
    },
  ].concat(refused(s))
}

/** Attempts refused (elsewhere, or around msw), if any. */
function refused(s: ReportSummary): HtmlFigure[] {
  const note = `attempts to reach ${s.blocked.hosts.join(', ')}`
  return s.blocked.attempts ? [{ label: 'refused', value: String(s.blocked.attempts), note }] : []
}

function counterexample(executor: string, c: ReportCounterexample): HtmlCounterexample {
  return {
    executor,
    judge: c.judge,
    violations: c.violations.map((v) => ({ judge: v.judge, call: v.call, message: v.message })),
    scenarioJson: JSON.stringify(c.scenario, null, 2),
    scenarioFile: c.file,
    replay:
      c.replay ??
      `npx faultline run <the scenario below, saved as a file> --executor <the executor> (fast-check seed ${c.fastCheck.seed} path ${c.fastCheck.path})`,
    history: (c.history ?? []) as readonly HistoryEvent[],
  }
}

function recoveryClass(c: ReportSummary['recoveryByFault'][number]): HtmlRecoveryClass {
  return {
    kind: c.kind,
    boundary: c.boundary,
    count: c.latency.count,
    p50Ms: c.latency.p50,
    p95Ms: c.latency.p95,
    maxMs: c.latency.max,
  }
}

/**
 * Each faulted call's recovery latency, from
 * the runs' records (--out); null: none.
 */
function recovery(runs: RunsOf): number[] | null {
  return runs ? runs.flatMap((r) => r.verdict.recovery.map((x) => x.ms)) : null
}

function nonZero(counts: Readonly<Record<string, number>>): Record<string, number> {
  return Object.fromEntries(Object.entries(counts).filter(([, n]) => n > 0))
}

function sum(all: readonly Readonly<Record<string, number>>[]): Record<string, number> {
  const out: Record<string, number> = {}
  for (const counts of all) for (const [k, n] of Object.entries(counts)) if (n > 0) out[k] = (out[k] ?? 0) + n
  return out
}
