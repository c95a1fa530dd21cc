// What the HTML report draws: plain data
// from a result's JSON, only formatted.
import type { HistoryEvent } from '../../harness/history/history.ts'
import type { ReportCounterexample, ReportSummary } from '../../harness/campaign/report-schema.ts'

/** What the timeline reads of a violation in the report. */
export type HtmlViolation = Pick<ReportCounterexample['violations'][number], 'judge' | 'call' | 'message'>

/** One row of the leaderboard (one executor's campaign). */
export interface HtmlRow {
  readonly executor: string
  readonly runs: number
  readonly failingRuns: number
  /** Why no tool call reached a service, or null. */
  readonly nothingTested?: string | null
  /** Violations per judge (only judges with a count). */
  readonly violations: Readonly<Record<string, number>>
  readonly unresolvedRate: number
  readonly recoveryP50Ms: number | null
  readonly recoveryP95Ms: number | null
  /** pass^k as a rate, or null where it was not computed. */
  readonly passK: number | null
  /** Verification cost: probes and extra sends per tool call. */
  readonly probesPerCall: number
  readonly extraSendsPerCall: number
}

/** A gate's or run's figure, in words. */
export interface HtmlFigure {
  readonly label: string
  readonly value: string
  /** What it means, briefly (shown beside the value). */
  readonly note: string
}

/** A coverage cell: kind × boundary × tool. */
export type HtmlCoverageRow = ReportSummary['coverage'][number]

/** A corpus replay or a --min-coverage check. */
export interface HtmlCheck {
  /** Passed; null: not checked here (when shards merge, or another profile's). */
  readonly ok: boolean | null
  readonly label: string
  readonly detail: string
  /** The command that replays it, where there is one. */
  readonly command: string | null
}

/** A first-fault class's latency, virtual ms. */
export interface HtmlRecoveryClass {
  readonly kind: string
  readonly boundary: string
  readonly count: number
  readonly p50Ms: number | null
  readonly p95Ms: number | null
  readonly maxMs: number | null
}

/** A minimal counterexample and its replay. */
export interface HtmlCounterexample {
  readonly executor: string
  /** The judge whose violation was kept while shrinking. */
  readonly judge: string
  readonly violations: readonly HtmlViolation[]
  /** Scenario JSON; null: only its file (a run). */
  readonly scenarioJson: string | null
  /** Where the scenario was saved; null: not. */
  readonly scenarioFile: string | null
  /** The replay command that reproduces it. */
  readonly replay: string
  /** The replay's history (`t`: virtual ms). */
  readonly history: readonly HistoryEvent[]
}

export interface HtmlReport {
  readonly title: string
  /** e.g. "gate — executor reference, seed 1, …". */
  readonly subtitle: string
  /** PASS/FAIL line first. */
  readonly verdict: { readonly passed: boolean; readonly line: string }
  readonly leaderboard: readonly HtmlRow[]
  /** Violations by judge, over all executors. */
  readonly violationsByJudge: Readonly<Record<string, number>>
  readonly violationsByBoundary: Readonly<Record<string, number>>
  /**
   * Recovery latencies (virtual ms) per
   * executor; null: no per-run records.
   */
  readonly recoveryMs: Readonly<Record<string, readonly number[] | null>>
  /** A comparison's latency per fault class. */
  readonly recoveryByFault?: readonly { readonly executor: string; readonly classes: readonly HtmlRecoveryClass[] }[]
  readonly counterexamples: readonly HtmlCounterexample[]
  /** A gate's or run's figures (no comparison). */
  readonly figures?: readonly HtmlFigure[]
  /** Coverage cells (not for a comparison). */
  readonly coverage?: readonly HtmlCoverageRow[]
  /** A gate's corpus replays and coverage requirements. */
  readonly checks?: readonly HtmlCheck[]
  /** Timelines' heading (default "Counterexamples"). */
  readonly timelinesHeading?: string
}
