// `faultline merge`: the --out files of a campaign's shards, put back together;
// it prints exactly what the whole campaign prints (and exits as it would), saves
// the counterexamples in the corpus, and --out writes the merged result.
import { reportJson } from '../../reports/json.ts'
import { renderCompare, renderGate } from '../../reports/text.ts'
import { CorpusError } from '../../harness/campaign/corpus.ts'
import { merge, MergeError, parseReport, type Input } from '../../harness/campaign/merge.ts'
import { withoutRuns } from '../../harness/campaign/report.ts'
import { writeOut } from './campaign-options.ts'
import type { Io } from './io.ts'
import { options } from './options.ts'
import { readJsonFile } from './json-file.ts'
import { anyViolation } from './compare.ts'
import { REPORT_OUTPUTS, writeReportOutputs } from './report-outputs.ts'
import { COMMAND_USAGE } from './usage.ts'
import { UsageError } from './usage-error.ts'
import { commandPrefix } from './version.ts'

export async function mergeCommand(args: readonly string[], io: Io): Promise<number> {
  const parsed = options('merge', args, { json: { type: 'boolean' }, out: { type: 'string' }, 'fail-on-violation': { type: 'boolean' }, ...REPORT_OUTPUTS }, Number.MAX_SAFE_INTEGER)
  if (!parsed) return (io.out(COMMAND_USAGE.merge), 0)
  const { values, positionals } = parsed
  if (positionals.length === 0) throw new UsageError('merge needs the --out files of every shard: faultline merge shard-1.json shard-2.json …')
  const inputs = positionals.map((file): Input => ({ file, report: read(file, io.cwd) }))
  let report
  try {
    const first = inputs[0]!.report
    const campaign = first.command === 'run' ? null : first.campaign
    // The shards' own --judge modules (checkShards holds every shard to one campaign), so a replay judges as they did.
    report = merge(inputs, { cwd: io.cwd, corpus: campaign?.corpus ?? null, replayPrefix: commandPrefix(), judges: campaign?.judges ?? null })
  } catch (e) {
    if (e instanceof MergeError || e instanceof CorpusError) throw new UsageError(e.message)
    throw e
  }
  if (values.out) writeOut(values.out, reportJson(report), io.cwd)
  if (values.json) io.out(reportJson(withoutRuns(report)).trimEnd())
  else io.out(report.command === 'gate' ? renderGate(report) : renderCompare(report))
  writeReportOutputs(report, values, io, { stepSummary: true, annotate: true, json: values.json === true })
  return report.command === 'gate' ? (report.passed ? 0 : 1) : values['fail-on-violation'] && anyViolation(report) ? 1 : 0
}

function read(file: string, cwd: string) {
  const json = readJsonFile(file, cwd, 'merge takes the files shards wrote with --out')
  try {
    return parseReport(json, file)
  } catch (e) {
    if (e instanceof MergeError) throw new UsageError(e.message)
    throw e
  }
}
