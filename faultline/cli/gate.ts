// `faultline gate`: replay the executor's failure corpus, then a campaign that
// stops at the first violation, shrinks it, saves it in the corpus and says how
// to replay that exact file; check the coverage a team declared. Exit 1 when
// anything failed. With --shard it runs one share of the campaign and --out
// writes what `faultline merge` puts back together.
import { scenarioGenerator } from '../../scenarios/arbitraries.ts'
import { reportJson } from '../../reports/json.ts'
import { renderGate } from '../../reports/text.ts'
import { entryInShard, listEntries, readEntry, replayEntries, CorpusError } from '../../harness/campaign/corpus.ts'
import { checkCoverage, uncheckedCoverage } from '../../harness/campaign/min-coverage.ts'
import { gateReport, replayCommand, reportCounterexample, reportSummary, withoutRuns } from '../../harness/campaign/report.ts'
import { search } from '../../harness/campaign/search.ts'
import { profileName } from '../../harness/scenario/profile.ts'
import { CAMPAIGN_IO, corpusOption, minCoverageOption, shardOption, writeOut } from './campaign-options.ts'
import type { Io } from './io.ts'
import { progressOn } from './progress.ts'
import { REPORT_OUTPUTS, writeReportOutputs } from './report-outputs.ts'
import { inShard } from '../../harness/campaign/shard.ts'
import { JUDGING, loadJudges } from './judges.ts'
import { openPool } from './open-pool.ts'
import { int, options, profileOption, seed as seedOption, supervision, SUPERVISION } from './options.ts'
import { COMMAND_USAGE } from './usage.ts'
import { UsageError } from './usage-error.ts'
import { commandPrefix, version } from './version.ts'

export async function gate(args: readonly string[], io: Io): Promise<number> {
  const parsed = options('gate', args, { executor: { type: 'string' }, runs: { type: 'string' }, seed: { type: 'string' }, profile: { type: 'string' }, json: { type: 'boolean' }, 'min-coverage': { type: 'string' }, ...CAMPAIGN_IO, ...REPORT_OUTPUTS, ...SUPERVISION, ...JUDGING })
  if (!parsed) return (io.out(COMMAND_USAGE.gate), 0)
  const { values } = parsed
  if (!values.executor) throw new UsageError('gate needs --executor <bundled name or path to a module exporting an Executor>')
  const spec = values.executor
  const runs = int(values.runs, 'runs', 200, 1)
  const seed = seedOption(values.seed)
  const profile = profileOption(values.profile)
  const requirements = minCoverageOption(values['min-coverage'], io.cwd)
  const corpusDir = corpusOption(values)
  const shard = shardOption(values.shard, io)
  const generator = scenarioGenerator({ profile })
  const prefix = commandPrefix()
  await loadJudges(values.judge, io.cwd)
  const pool = await openPool(spec, io.cwd, supervision(values))
  let result
  let corpus
  const progress = progressOn(io, `gate ${spec}`, Array.from({ length: runs }, (_, i) => i).filter((i) => inShard(i, shard)).length)
  try {
    const entries = corpusDir === null ? [] : listEntries(io.cwd, corpusDir, pool.executorName).filter((e) => entryInShard(e, shard))
    const scenarios = entries.map((entry) => ({ entry, scenario: readEntry(io.cwd, entry) }))
    if (entries.length) progress?.doing(`replaying ${entries.length} corpus entr${entries.length === 1 ? 'y' : 'ies'}`)
    corpus = await replayEntries(pool, scenarios, (file) => replayCommand(prefix, file, spec, values.judge))
    result = await search(pool, {
      runs,
      seed,
      stopAtFirstFailure: true,
      generator,
      shard,
      ...(progress && { onRun: (_i, violations) => progress.run(violations.length > 0), onShrink: (i, judge) => progress.doing(`shrinking the ${judge} of run ${i + 1}`) }),
    })
  } catch (e) {
    if (e instanceof CorpusError) throw new UsageError(e.message)
    throw e
  } finally {
    progress?.end()
    await pool.close()
  }
  const executor = { spec, name: result.summary.executor }
  const campaign = { seed, runs, profile: profileName(profile), faultline: version(), corpus: corpusDir, judges: values.judge ?? null, shard }
  let counterexample
  try {
    // A shard saves nothing: only the merge knows which failure is the campaign's, and shards sharing a
    // corpus directory must all replay it as it was before the campaign.
    counterexample = result.counterexample ? reportCounterexample(result.counterexample, executor, { cwd: io.cwd, corpus: shard ? null : corpusDir, replayPrefix: prefix, judges: values.judge }) : null
  } catch (e) {
    if (e instanceof CorpusError) throw new UsageError(e.message)
    throw e
  }
  const summary = reportSummary(result.summary)
  // A shard's share of the campaign says nothing about the whole: coverage is checked when the shards are merged.
  const minCoverage = shard ? uncheckedCoverage(requirements) : checkCoverage(requirements, summary.coverage)
  const report = gateReport({ campaign, executor, summary, counterexample, corpus, minCoverage, runs: result.runs })
  if (values.out) writeOut(values.out, reportJson(report), io.cwd)
  io.out(values.json ? reportJson(withoutRuns(report)).trimEnd() : renderGate(report))
  writeReportOutputs(report, values, io, { stepSummary: true, annotate: true, json: values.json === true })
  io.err(`faultline: ${summary.runs} run(s) in ${(result.summary.realMs / 1000).toFixed(2)} s of real time${result.summary.medianSpeedup ? `, the median run ${Math.round(result.summary.medianSpeedup)}× faster than simulated time` : ''}`)
  return report.passed ? 0 : 1
}
