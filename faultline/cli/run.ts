// `faultline run`: parse, replay one scenario file through
// the library, print its history and verdict.
import { reportJson } from '../../reports/json.ts'
import { renderRun } from '../../reports/text.ts'
import { UsageError } from '../../harness/jobs/usage-error.ts'
import { replay } from '../jobs.ts'
import { checkOutputs, writeOutput } from './output-file.ts'
import type { Io } from './io.ts'
import { REPORT_OUTPUTS, writeReportOutputs } from './report-outputs.ts'
import { JUDGING, options, supervision, SUPERVISION } from './options.ts'
import { COMMAND_USAGE } from './usage.ts'

export async function runCommand(args: readonly string[], io: Io): Promise<number> {
  const parsed = options(
    'run',
    args,
    {
      executor: { type: 'string' },
      mapping: { type: 'string' },
      json: { type: 'boolean' },
      out: { type: 'string' },
      ...REPORT_OUTPUTS,
      ...SUPERVISION,
      ...JUDGING,
    },
    1,
  )
  if (!parsed) return (io.out(COMMAND_USAGE.run), 0)
  const { values, positionals } = parsed
  const file = positionals[0]
  if (!file) throw new UsageError('run needs a scenario file: faultline run <scenario.json> [--executor reference]')
  checkOutputs(values, io)
  const report = await replay({
    scenario: file,
    executor: values.executor,
    mapping: values.mapping,
    judges: values.judge,
    ...supervision(values, 1),
    cwd: io.cwd,
  })
  if (values.out !== undefined) writeOutput('--out', values.out, reportJson(report), io)
  io.out(values.json ? reportJson(report).trimEnd() : renderRun(report))
  // One run is not a job's summary: no $GITHUB_STEP_SUMMARY.
  writeReportOutputs(report, values, io, { stepSummary: false, annotate: true, json: values.json === true })
  return report.passed ? 0 : 1
}
