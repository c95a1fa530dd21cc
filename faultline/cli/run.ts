// `faultline run`: replay one scenario file against one executor; its history and verdict.
import { reportJson } from '../../reports/json.ts'
import { renderRun } from '../../reports/text.ts'
import { REPORT_FORMAT, REPORT_VERSION, type RunReport } from '../../harness/campaign/report-schema.ts'
import { coverage } from '../../harness/judge/coverage.ts'
import { judge } from '../../harness/judge/verdict.ts'
import { writeOut } from './campaign-options.ts'
import type { Io } from './io.ts'
import { REPORT_OUTPUTS, writeReportOutputs } from './report-outputs.ts'
import { JUDGING, loadJudges } from './judges.ts'
import { withMappingRef } from '../../harness/audit/with-mapping.ts'
import { mappingPath } from './mapping-file.ts'
import { openPool, openRefPool } from './open-pool.ts'
import { options, supervision, SUPERVISION } from './options.ts'
import { readScenarioFile } from './scenario-file.ts'
import { COMMAND_USAGE } from './usage.ts'
import { UsageError } from './usage-error.ts'

export async function run(args: readonly string[], io: Io): Promise<number> {
  const parsed = options('run', args, { executor: { type: 'string' }, mapping: { type: 'string' }, json: { type: 'boolean' }, out: { type: 'string' }, ...REPORT_OUTPUTS, ...SUPERVISION, ...JUDGING }, 1)
  if (!parsed) return (io.out(COMMAND_USAGE.run), 0)
  const { values, positionals } = parsed
  const file = positionals[0]
  if (!file) throw new UsageError('run needs a scenario file: faultline run <scenario.json> [--executor reference]')
  const scenario = readScenarioFile(file, io.cwd)
  await loadJudges(values.judge, io.cwd)
  if (values.mapping && values.executor && values.executor !== 'reference') throw new UsageError('--mapping plugs a mapping into the reference executor: drop --executor (or give --executor reference)')
  const spec = values.executor ?? 'reference'
  const pool = values.mapping ? await openRefPool(withMappingRef(mappingPath(values.mapping, io.cwd), `mapping module ${values.mapping}`), supervision(values, 1)) : await openPool(spec, io.cwd, supervision(values, 1))
  let outcome
  try {
    outcome = await pool.run(scenario)
  } finally {
    await pool.close()
  }
  const verdict = judge(outcome.history)
  const report: RunReport = {
    format: REPORT_FORMAT,
    version: REPORT_VERSION,
    command: 'run',
    executor: { spec, name: pool.executorName },
    scenario: { file, name: scenario.name },
    passed: verdict.violations.length === 0,
    verdict,
    coverage: coverage(outcome.history),
    history: outcome.history,
  }
  if (values.out) writeOut(values.out, reportJson(report), io.cwd)
  io.out(values.json ? reportJson(report).trimEnd() : renderRun(report))
  // One run is not a job's summary (a step may replay many): no $GITHUB_STEP_SUMMARY; annotations yes.
  writeReportOutputs(report, values, io, { stepSummary: false, annotate: true, json: values.json === true })
  return report.passed ? 0 : 1
}
