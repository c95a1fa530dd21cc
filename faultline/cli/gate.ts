// `faultline gate`: parse, call the library's gate, print
// the report. Exit 1 when anything failed.
import { reportJson } from '../../reports/json.ts'
import { renderGate } from '../../reports/text.ts'
import { withoutRuns } from '../../harness/campaign/report.ts'
import type { GateReport } from '../../harness/campaign/report-schema.ts'
import { gate } from '../jobs.ts'
import { CAMPAIGN_IO, corpusOption, shardOption } from './campaign-options.ts'
import { checkCorpus, checkOutputs, writeOutput } from './output-file.ts'
import { campaignStop, MAX_TIME, maxTimeOption } from './campaign-stop.ts'
import type { Io } from './io.ts'
import { progressTo } from './progress.ts'
import { REPORT_OUTPUTS, writeReportOutputs } from './report-outputs.ts'
import { JUDGING, int, options, profileOption, seed, supervision, SUPERVISION, vendorsOption } from './options.ts'
import { COMMAND_USAGE } from './usage.ts'
import { watchWorkingDir } from './unseen-writes.ts'
import { UsageError } from '../../harness/jobs/usage-error.ts'

export async function gateCommand(args: readonly string[], io: Io): Promise<number> {
  const parsed = options('gate', args, {
    executor: { type: 'string' },
    runs: { type: 'string' },
    seed: { type: 'string' },
    profile: { type: 'string' },
    vendors: { type: 'string' },
    json: { type: 'boolean' },
    'min-coverage': { type: 'string' },
    ...CAMPAIGN_IO,
    ...MAX_TIME,
    ...REPORT_OUTPUTS,
    ...SUPERVISION,
    ...JUDGING,
  })
  if (!parsed) return (io.out(COMMAND_USAGE.gate), 0)
  const { values } = parsed
  if (!values.executor)
    throw new UsageError('gate needs --executor <bundled name or path to a module exporting an Executor>')
  checkOutputs(values, io)
  checkCorpus(corpusOption(values), io)
  const progress = progressTo(io)
  const stop = campaignStop(io, maxTimeOption(values['max-time']))
  const workingDir = watchWorkingDir(io.cwd)
  try {
    const report = await gate({
      executor: values.executor,
      runs: int(values.runs, 'runs', 200, 1),
      seed: seed(values.seed),
      profile: profileOption(values.profile),
      vendors: vendorsOption(values.vendors),
      minCoverage: values['min-coverage'],
      corpus: corpusOption(values),
      shard: shardOption(values.shard, io),
      judges: values.judge,
      ...supervision(values),
      cwd: io.cwd,
      onProgress: progress.onProgress,
      signal: stop.signal,
      // Only these print every run: else memory stays flat.
      keepRuns: values.out !== undefined || values.html !== undefined,
    })
    if (values.out !== undefined) writeOutput('--out', values.out, reportJson(report), io)
    io.out(values.json ? reportJson(withoutRuns(report)).trimEnd() : renderGate(report))
    writeReportOutputs(report, values, io, { stepSummary: true, annotate: true, json: values.json === true })
    progress.done()
    const unseen = workingDir.note([values.out, values.html, values.junit, values.markdown])
    if (unseen) io.err(unseen)
    return stop.exitCode(report) ?? (report.passed ? 0 : unloadable(report) ? 2 : 1)
  } finally {
    stop.dispose()
  }
}

/**
 * Its module stopped loading, and the runs
 * it made found nothing: exit 2, as a module
 * that cannot be loaded at the start.
 */
function unloadable(report: GateReport): boolean {
  return (
    report.cut?.by === 'load-failed' &&
    report.counterexample === null &&
    report.corpus.every((c) => c.status !== 'still-failing')
  )
}
