// Building reports from a campaign's results: no
// wall-clock figures, counterexamples saved, the
// gate's verdict. Runs and merges share these.
import type { SearchResult } from './search.ts'
import type { Counterexample } from './shrink.ts'
import type { CampaignSummary } from './campaign.ts'
import type { LeaderboardRow } from './compare.ts'
import { saveEntry } from './corpus.ts'
import type {
  CompareReport,
  CorpusElsewhere,
  CorpusResult,
  CoverageRequirement,
  GateReport,
  ReportCounterexample,
  ReportCut,
  ReportSummary,
} from './report-schema.ts'
import { REPORT_FORMAT, REPORT_VERSION } from './report-schema.ts'
import type { Shard } from './shard.ts'
import type { Scenario } from '../scenario/scenario.ts'
import type { Frozen } from './history-schema.ts'

export interface CampaignInfo {
  readonly seed: number
  readonly runs: number
  readonly profile: string
  readonly faultline: string
  readonly corpus: string | null
  /** The `--judge` modules, as given (null: none). */
  readonly judges: string | null
  readonly shard: Shard | null
}

export interface ExecutorInfo {
  readonly spec: string
  readonly name: string
}

/**
 * Where counterexamples are saved;
 * how a replay is spelled here.
 */
export interface SaveTo {
  readonly cwd: string
  /** The corpus directory (null: nothing is saved). */
  readonly corpus: string | null
  /** `npm run faultline --` or `npx faultline`. */
  readonly replayPrefix: string
  /**
   * The campaign's `--judge` modules, so a replay
   * judges as it did (null or absent: none).
   */
  readonly judges?: string | null
}

/** The summary as reported: every figure but the wall clock's. */
export function reportSummary(s: CampaignSummary): ReportSummary {
  const { realMs: _realMs, medianSpeedup: _speedup, ...rest } = s
  return rest
}

/** What a counterexample needs to be saved and replayed. */
export interface Found {
  readonly judge: string
  readonly scenario: Frozen<Scenario>
  readonly run: number
  readonly fastCheck: { readonly seed: number; readonly path: string }
}

/**
 * Save a counterexample in the corpus (if any)
 * and say how to replay exactly that file.
 */
export function save(found: Found, executor: ExecutorInfo, to: SaveTo): { file: string | null; replay: string | null } {
  if (to.corpus === null) return { file: null, replay: null }
  const about = `saved by faultline: ${/^[aeiou]/.test(found.judge) ? 'an' : 'a'} ${found.judge} violation of executor ${executor.name}, shrunk from run ${found.run} of the campaign with seed ${found.fastCheck.seed} (fast-check path ${found.fastCheck.path})`
  const file = saveEntry(to.cwd, to.corpus, found.judge, executor.name, found.scenario, about)
  return { file, replay: replayCommand(to.replayPrefix, file, executor.spec, to.judges) }
}

/**
 * The command that replays exactly `file` against
 * `spec`, with the campaign's own judges, if any.
 */
export function replayCommand(prefix: string, file: string, spec: string, judges?: string | null): string {
  return `${prefix} run ${shellWord(file)} --executor ${shellWord(spec)}${judges ? ` --judge ${shellWord(judges)}` : ''}`
}

function shellWord(s: string): string {
  return /^[\w./:@%+=,-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`
}

export function reportCounterexample(c: Counterexample, executor: ExecutorInfo, to: SaveTo): ReportCounterexample {
  const found = {
    judge: c.judge,
    scenario: c.scenario,
    run: Number(c.path) + 1,
    fastCheck: { seed: c.seed, path: c.path },
  }
  return {
    ...found,
    shrinks: c.shrinks,
    reproduced: c.reproduced,
    ...(c.cut && { cut: true as const }),
    violations: c.violations,
    ...save(found, executor, to),
    history: c.history,
  }
}

/**
 * Passed: nothing violated, no corpus entry still
 * failing, every checked coverage requirement met,
 * and something tested. A shard leaves the last
 * to the merge, as it does coverage: its share
 * may be too small to say. An interrupted
 * campaign never passes: it was stopped, not
 * done; one cut by --max-time passes on the
 * runs it made (the count is shown), if it
 * made any. Nor does one whose executor
 * stopped loading: what it found stands.
 */
export function gatePassed(
  counterexample: unknown,
  corpus: readonly CorpusResult[],
  minCoverage: readonly CoverageRequirement[],
  tested: { readonly nothingTested: string | null; readonly shard: Shard | null; readonly runs?: number },
  cut: ReportCut | null = null,
): boolean {
  return (
    cut?.by !== 'interrupted' &&
    cut?.by !== 'load-failed' &&
    !(cut && tested.runs === 0) &&
    counterexample === null &&
    corpus.every((c) => c.status === 'fixed') &&
    minCoverage.every((r) => r.met !== false) &&
    (tested.shard !== null || tested.nothingTested === null)
  )
}

export function gateReport(args: {
  readonly campaign: CampaignInfo
  readonly executor: ExecutorInfo
  readonly summary: ReportSummary
  readonly counterexample: ReportCounterexample | null
  readonly corpus: readonly CorpusResult[]
  /** Entries of another profile, not replayed. */
  readonly corpusElsewhere?: readonly CorpusElsewhere[]
  readonly minCoverage: readonly CoverageRequirement[]
  readonly runs: SearchResult['runs']
  /** Ended early (absent or null: it ran to its end). */
  readonly cut?: ReportCut | null
}): GateReport {
  const cut = args.cut ?? null
  return {
    format: REPORT_FORMAT,
    version: REPORT_VERSION,
    command: 'gate',
    campaign: args.campaign,
    executor: args.executor,
    passed: gatePassed(
      args.counterexample,
      args.corpus,
      args.minCoverage,
      { nothingTested: args.summary.nothingTested, shard: args.campaign.shard, runs: args.summary.runs },
      cut,
    ),
    ...(cut && { cut }),
    summary: args.summary,
    counterexample: args.counterexample,
    corpus: args.corpus,
    ...(args.corpusElsewhere?.length && { corpusElsewhere: args.corpusElsewhere }),
    minCoverage: args.minCoverage,
    runs: args.runs,
  }
}

export function compareReport(
  campaign: CampaignInfo & { readonly k: number; readonly passKScenarios: number },
  rows: readonly { readonly executor: ExecutorInfo; readonly row: LeaderboardRow }[],
  to: SaveTo,
  cut: ReportCut | null = null,
  leftOut: readonly { readonly executor: string; readonly speaks: readonly string[] }[] = [],
): CompareReport {
  return {
    format: REPORT_FORMAT,
    version: REPORT_VERSION,
    command: 'compare',
    campaign,
    ...(cut && { cut }),
    ...(leftOut.length > 0 && { leftOut: leftOut.map((l) => ({ executor: l.executor, speaks: [...l.speaks] })) }),
    rows: rows.map(({ executor, row }) => ({
      executor,
      summary: reportSummary(row.summary),
      passK: row.passK,
      counterexamples: row.counterexamples.map((c) => reportCounterexample(c, executor, to)),
      runs: row.runs,
      passKRuns: row.passKRuns,
    })),
  }
}

/**
 * Without per-run records: what `--json`
 * prints (`--out` keeps them, for a merge).
 */
export function withoutRuns<R extends GateReport | CompareReport>(report: R): R {
  if (report.command === 'gate') {
    const { runs: _runs, ...rest } = report
    return rest as R
  }
  return { ...report, rows: report.rows.map(({ runs: _runs, passKRuns: _passK, ...row }) => row) } as R
}
