// What the HTML report draws: plain data, derived from a result's JSON (the
// renderer never judges or runs anything; it only formats this).
import type { HistoryEvent } from '../../harness/history/history.ts'
import type { ReportCounterexample, ReportSummary } from '../../harness/campaign/report-schema.ts'

/** What the timeline reads of a violation in the report. */
export type HtmlViolation = Pick<ReportCounterexample['violations'][number], 'judge' | 'call' | 'message'>

/** One row of the leaderboard (one executor's campaign). */
export interface HtmlRow {
  readonly executor: string
  readonly runs: number
  readonly failingRuns: number
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

/** One of a gate's (or a run's) figures beyond the leaderboard, already in words. */
export interface HtmlFigure {
  readonly label: string
  readonly value: string
  /** What it means, briefly (shown beside the value). */
  readonly note: string
}

/** What a campaign exercised: one fault kind at one boundary on one tool (the report's coverage cell, as it is). */
export type HtmlCoverageRow = ReportSummary['coverage'][number]

/** A check beside the campaign: a saved counterexample replayed first, or a --min-coverage requirement. */
export interface HtmlCheck {
  /** true: passed; false: failed; null: not checked here (a shard's coverage is checked when merged). */
  readonly ok: boolean | null
  readonly label: string
  readonly detail: string
  /** The command that replays it, where there is one. */
  readonly command: string | null
}

/** Recovery latency of one class of first fault (kind × boundary), in virtual ms. */
export interface HtmlRecoveryClass {
  readonly kind: string
  readonly boundary: string
  readonly count: number
  readonly p50Ms: number | null
  readonly p95Ms: number | null
  readonly maxMs: number | null
}

/** A minimal counterexample with the history of its replay: drawn as a sequence timeline. */
export interface HtmlCounterexample {
  readonly executor: string
  /** The judge whose violation was kept while shrinking. */
  readonly judge: string
  readonly violations: readonly HtmlViolation[]
  /** The scenario, as JSON text (shown folded); null where the report holds only its file (a run report). */
  readonly scenarioJson: string | null
  /** Where the scenario was saved (the corpus file, or the file a run replayed); null: not saved. */
  readonly scenarioFile: string | null
  /** The replay command that reproduces it. */
  readonly replay: string
  /** The replay's history: every event with its virtual time `t` (ms since the run started). */
  readonly history: readonly HistoryEvent[]
}

export interface HtmlReport {
  readonly title: string
  /** e.g. "gate — executor reference, seed 1, 200 runs, profile vendor". */
  readonly subtitle: string
  /** PASS/FAIL line first. */
  readonly verdict: { readonly passed: boolean; readonly line: string }
  readonly leaderboard: readonly HtmlRow[]
  /** Violations counted by judge and by boundary, over the whole campaign (all executors). */
  readonly violationsByJudge: Readonly<Record<string, number>>
  readonly violationsByBoundary: Readonly<Record<string, number>>
  /** Recovery latencies (virtual ms) per executor, for the distribution chart; null: the report has no per-run records (--json leaves them out). */
  readonly recoveryMs: Readonly<Record<string, readonly number[] | null>>
  /** A comparison's recovery latency per class of first fault, per executor (a gate gives it among its figures). */
  readonly recoveryByFault?: readonly { readonly executor: string; readonly classes: readonly HtmlRecoveryClass[] }[]
  readonly counterexamples: readonly HtmlCounterexample[]
  /** A gate's or a run's figures beyond the leaderboard (absent for a comparison: the leaderboard has them). */
  readonly figures?: readonly HtmlFigure[]
  /** What the campaign exercised, per fault kind × boundary × tool (absent for a comparison). */
  readonly coverage?: readonly HtmlCoverageRow[]
  /** A gate's corpus replays and coverage requirements. */
  readonly checks?: readonly HtmlCheck[]
  /** The heading over the timelines (default "Counterexamples"; a run report's one history is "The run"). */
  readonly timelinesHeading?: string
}
