// `faultline merge`: parse, merge the shards through the
// library, print what the whole campaign prints.
import { reportJson } from '../../reports/json.ts'
import { renderCompare, renderGate } from '../../reports/text.ts'
import { withoutRuns } from '../../harness/campaign/report.ts'
import { anyFailure } from '../../harness/jobs/compare.ts'
import { merge } from '../jobs.ts'
import { checkOutputs, writeOutput } from './output-file.ts'
import type { Io } from './io.ts'
import { options } from './options.ts'
import { REPORT_OUTPUTS, writeReportOutputs } from './report-outputs.ts'
import { COMMAND_USAGE } from './usage.ts'

export async function mergeCommand(args: readonly string[], io: Io): Promise<number> {
  const parsed = options(
    'merge',
    args,
    { json: { type: 'boolean' }, out: { type: 'string' }, 'fail-on-violation': { type: 'boolean' }, ...REPORT_OUTPUTS },
    Number.MAX_SAFE_INTEGER,
  )
  if (!parsed) return (io.out(COMMAND_USAGE.merge), 0)
  const { values, positionals } = parsed
  checkOutputs(values, io)
  const report = merge({ files: positionals, cwd: io.cwd })
  if (values.out !== undefined) writeOutput('--out', values.out, reportJson(report), io)
  if (values.json) io.out(reportJson(withoutRuns(report)).trimEnd())
  else io.out(report.command === 'gate' ? renderGate(report) : renderCompare(report))
  writeReportOutputs(report, values, io, { stepSummary: true, annotate: true, json: values.json === true })
  return report.command === 'gate' ? (report.passed ? 0 : 1) : values['fail-on-violation'] && anyFailure(report) ? 1 : 0
}
