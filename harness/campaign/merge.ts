// `faultline merge`: shards' --out results put back
// together as the whole campaign's report, byte for
// byte. Nothing runs here (docs/internals/engine.md).
import { failuresToShrink, summarize, type RunRecord } from './campaign.ts'
import { passKOf } from './compare.ts'
import { checkCoverage } from './min-coverage.ts'
import { gateReport, reportSummary, save, type SaveTo } from './report.ts'
import type { CompareReport, CompareRow, GateReport, Report, ReportCounterexample } from './report-schema.ts'
import { REPORT_FORMAT, REPORT_SCHEMA, REPORT_VERSION } from './report-schema.ts'
import { describeIssues } from '../scenario/issues.ts'

/**
 * Shards that cannot be merged:
 * one line with the fix (exit 2).
 */
export class MergeError extends Error {
  override readonly name = 'MergeError'
}

/** A report file's JSON, checked against the report schema. */
export function parseReport(json: unknown, file: string): Report {
  const head = json !== null && typeof json === 'object' ? (json as { format?: unknown; version?: unknown }) : {}
  if (head.format === REPORT_FORMAT && head.version !== REPORT_VERSION)
    throw new MergeError(
      `${file} is a report of format version ${JSON.stringify(head.version)}; this faultline reads version ${REPORT_VERSION} (run the campaign again with this faultline)`,
    )
  const parsed = REPORT_SCHEMA.safeParse(json)
  if (!parsed.success)
    throw new MergeError(
      `${file} is not a faultline report: ${describeIssues(parsed.error, REPORT_SCHEMA, json, 'a report')}`,
    )
  // The input, not zod's copy: zod reorders
  // keys, and a merge must print scenarios
  // exactly as the shards wrote them.
  return json as Report
}

export interface Input {
  readonly file: string
  readonly report: Report
}

export function merge(inputs: readonly Input[], to: SaveTo): GateReport | CompareReport {
  if (inputs.length === 0)
    throw new MergeError('merge needs the result files of every shard: faultline merge shard-1.json shard-2.json …')
  const [first] = inputs as [Input, ...Input[]]
  const command = first.report.command
  if (command === 'run')
    throw new MergeError(
      `${first.file} is the report of a single run; merge takes the --out files of gate or compare shards`,
    )
  for (const { file, report } of inputs) {
    if (report.command !== command)
      throw new MergeError(
        `${file} is a ${report.command} result and ${first.file} a ${command} result; merge the shards of one campaign`,
      )
  }
  checkShards(inputs)
  return command === 'gate'
    ? mergeGate(inputs as readonly { file: string; report: GateReport }[], to)
    : mergeCompare(inputs as readonly { file: string; report: CompareReport }[], to)
}

/** One campaign, every shard once. */
function checkShards(inputs: readonly Input[]): void {
  const [first] = inputs as [Input, ...Input[]]
  const campaign = (r: Report) => (r.command === 'run' ? null : { ...r.campaign, shard: null })
  const same = JSON.stringify(campaign(first.report))
  const total = first.report.command !== 'run' ? first.report.campaign.shard?.total : undefined
  const seen = new Map<number, string>()
  for (const { file, report } of inputs) {
    if (report.command === 'run') continue
    if (JSON.stringify(campaign(report)) !== same)
      throw new MergeError(
        `${file} is from another campaign than ${first.file} (seed, runs, profile, vendors, corpus, judge modules or faultline version differ); merge the shards of one campaign`,
      )
    const shard = report.campaign.shard
    if (shard === null) {
      if (inputs.length > 1)
        throw new MergeError(
          `${file} is a whole campaign, not a shard; merge takes the --out files of one campaign's shards`,
        )
      continue
    }
    if (shard.total !== total)
      throw new MergeError(
        `${file} is shard ${shard.index}/${shard.total} and ${first.file} one of ${total}; merge the shards of one split`,
      )
    if (seen.has(shard.index))
      throw new MergeError(
        `${file} and ${seen.get(shard.index)} are both shard ${shard.index}/${shard.total}; pass each shard once`,
      )
    seen.set(shard.index, file)
  }
  if (total !== undefined) {
    const missing = Array.from({ length: total }, (_, i) => i + 1).filter((i) => !seen.has(i))
    if (missing.length)
      throw new MergeError(
        `shard${missing.length > 1 ? 's' : ''} ${missing.map((i) => `${i}/${total}`).join(', ')} missing: pass the --out file of every shard`,
      )
  }
}

function recordsOf(file: string, runs: readonly RunRecord[] | undefined): readonly RunRecord[] {
  if (runs === undefined)
    throw new MergeError(
      `${file} has no per-run records (it was printed with --json); merge needs the files written with --out FILE`,
    )
  return runs
}

/**
 * Run records sorted by index, checked
 * to be exactly runs 0 … count-1.
 */
function complete(records: RunRecord[], count: number, what: string): RunRecord[] {
  records.sort((a, b) => a.index - b.index)
  if (records.length !== count || records.some((r, i) => r.index !== i))
    throw new MergeError(
      `the shards' files do not hold ${what} (runs 0 to ${count - 1} exactly once); were they written by the same campaign, and passed whole?`,
    )
  return records
}

function mergeGate(inputs: readonly { file: string; report: GateReport }[], to: SaveTo): GateReport {
  const [{ report: head }] = inputs as [{ file: string; report: GateReport }]
  for (const { file, report } of inputs) {
    if (JSON.stringify(report.executor) !== JSON.stringify(head.executor))
      throw new MergeError(
        `${file} gated executor ${report.executor.spec} and ${inputs[0]!.file} ${head.executor.spec}; merge the shards of one campaign`,
      )
    if (JSON.stringify(requirements(report)) !== JSON.stringify(requirements(head)))
      throw new MergeError(`${file} declares another --min-coverage than ${inputs[0]!.file}; give every shard the same`)
    // Its runs may be whole, its corpus not.
    if (report.cut?.by === 'load-failed')
      throw new MergeError(
        `${file} is a shard whose executor module stopped loading (${report.cut.error ?? 'no error given'}); run that shard again`,
      )
  }
  // A whole campaign stops at the lowest-numbered failure.
  const found = inputs
    .filter(({ report }) => report.counterexample !== null)
    .sort((a, b) => a.report.counterexample!.run - b.report.counterexample!.run)[0]
  const stop = found ? found.report.counterexample!.run - 1 : Infinity
  const all = inputs.flatMap(({ file, report }) => recordsOf(file, report.runs).filter((r) => r.index <= stop))
  const records = complete(
    all,
    found ? stop + 1 : head.campaign.runs,
    found ? `the runs up to the first failure, run ${stop + 1}` : 'every run of the campaign',
  )
  const summary = reportSummary(summarize(head.executor.name, head.campaign.profile, records))
  const counterexample = found ? resave(found.report.counterexample!, head.executor, to) : null
  const corpus = inputs
    .flatMap(({ report }) => report.corpus)
    .sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0))
  const corpusElsewhere = inputs
    .flatMap(({ report }) => report.corpusElsewhere ?? [])
    .sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0))
  const minCoverage = checkCoverage(requirements(head), summary.coverage)
  return gateReport({
    campaign: { ...head.campaign, shard: null },
    executor: head.executor,
    summary,
    counterexample,
    corpus,
    corpusElsewhere,
    minCoverage,
    runs: records,
  })
}

function requirements(report: GateReport) {
  return report.minCoverage.map(({ got: _got, met: _met, ...r }) => r)
}

function mergeCompare(inputs: readonly { file: string; report: CompareReport }[], to: SaveTo): CompareReport {
  const [{ report: head }] = inputs as [{ file: string; report: CompareReport }]
  const executors = JSON.stringify(head.rows.map((r) => r.executor))
  for (const { file, report } of inputs) {
    if (JSON.stringify(report.rows.map((r) => r.executor)) !== executors)
      throw new MergeError(`${file} compared other executors than ${inputs[0]!.file}; merge the shards of one campaign`)
  }
  const passKCount = Math.min(head.campaign.passKScenarios, head.campaign.runs)
  const rows = head.rows.map((row, r): CompareRow => {
    const shards = inputs.map(({ file, report }) => ({ file, row: report.rows[r]! }))
    const records = complete(
      shards.flatMap(({ file, row }) => recordsOf(file, row.runs)),
      head.campaign.runs,
      `every run of ${row.executor.name}`,
    )
    const passKRuns = shards.flatMap(({ file, row }) => {
      if (row.passKRuns === undefined)
        throw new MergeError(
          `${file} has no pass^k records (it was printed with --json); merge needs the files written with --out FILE`,
        )
      return row.passKRuns
    })
    passKRuns.sort((a, b) => a.index - b.index)
    if (passKRuns.length !== passKCount || passKRuns.some((p, i) => p.index !== i))
      throw new MergeError(
        `the shards' files do not hold every pass^k scenario of ${row.executor.name}; pass the --out file of every shard`,
      )
    const counterexamples = failuresToShrink(records, true).map(({ index, judge }) => {
      const c = shards.flatMap(({ row }) => row.counterexamples).find((x) => x.judge === judge && x.run === index + 1)
      if (!c)
        throw new MergeError(
          `no shard holds the counterexample of ${row.executor.name} for ${judge} at run ${index + 1}; were the shards run by the same faultline version?`,
        )
      return resave(c, row.executor, to)
    })
    return {
      executor: row.executor,
      summary: reportSummary(summarize(row.executor.name, head.campaign.profile, records)),
      passK: passKOf(head.campaign.k, passKRuns),
      counterexamples,
      runs: records,
      passKRuns,
    }
  })
  return { ...head, campaign: { ...head.campaign, shard: null }, rows }
}

/**
 * A shard's counterexample, saved again where this
 * merge saves (the replay command is this machine's).
 */
function resave(
  c: ReportCounterexample,
  executor: { readonly spec: string; readonly name: string },
  to: SaveTo,
): ReportCounterexample {
  return { ...c, ...save(c, executor, to) }
}
