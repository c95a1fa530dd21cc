// `faultline report`: render a saved result again, from
// its JSON alone. Exit 0 when it rendered, 2 when the file
// is not a result or a file asked for was not written
// (the verdict was the campaign's exit).
import { renderAuditMapping } from '../../reports/audit-mapping.ts'
import { renderCompare, renderGate, renderRun } from '../../reports/text.ts'
import { AUDIT_FORMAT, AUDIT_RESULT_SCHEMA, LEGACY_AUDIT_FORMAT, type AuditResult } from '../../harness/audit/result.ts'
import { MergeError, parseReport } from '../../harness/campaign/merge.ts'
import { describeIssues } from '../../harness/scenario/issues.ts'
import type { Io } from './io.ts'
import { readJsonFile } from '../../harness/jobs/json-file.ts'
import { options } from './options.ts'
import { REPORT_OUTPUTS, writeAuditOutputs, writeReportOutputs } from './report-outputs.ts'
import { checkOutputs } from './output-file.ts'
import { COMMAND_USAGE } from './usage.ts'
import { UsageError } from '../../harness/jobs/usage-error.ts'

const QUIET = { stepSummary: false, annotate: false, json: false } as const

export async function reportCommand(args: readonly string[], io: Io): Promise<number> {
  const parsed = options('report', args, REPORT_OUTPUTS, 1)
  if (!parsed) return (io.out(COMMAND_USAGE.report), 0)
  const { values, positionals } = parsed
  const file = positionals[0]
  if (!file)
    throw new UsageError(
      'report needs a result file: faultline report result.json [--junit FILE] [--markdown FILE] [--html FILE]',
    )
  checkOutputs(values, io)
  const read = readJsonFile(file, io.cwd, 'report takes a file written by --out, or printed by --json')
  // An audit saved under the old tag still renders.
  const json =
    (read as { format?: unknown } | null)?.format === LEGACY_AUDIT_FORMAT
      ? { ...(read as object), format: AUDIT_FORMAT }
      : read
  const wanted = Object.entries({
    '--junit': values.junit,
    '--markdown': values.markdown,
    '--html': values.html,
  }).filter(([, f]) => f !== undefined)
  // Rendering is this command's whole work.
  let unwritten: readonly string[] = []
  if ((json as { format?: unknown } | null)?.format === AUDIT_FORMAT) {
    const audit = AUDIT_RESULT_SCHEMA.safeParse(json)
    if (!audit.success)
      throw new UsageError(
        `${file} is not an audit-mapping result: ${describeIssues(audit.error, AUDIT_RESULT_SCHEMA, json, 'an audit-mapping result')}`,
      )
    // Not zod's copy: it reorders keys, and scenarios
    // must print as the command printed them.
    const result = json as AuditResult
    if (wanted.length === 0) io.out(renderAuditMapping(result))
    else unwritten = writeAuditOutputs(result, values, io, QUIET)
  } else {
    let report
    try {
      report = parseReport(json, file)
    } catch (e) {
      if (e instanceof MergeError) throw new UsageError(e.message)
      throw e
    }
    if (wanted.length === 0)
      io.out(
        report.command === 'gate'
          ? renderGate(report)
          : report.command === 'compare'
            ? renderCompare(report)
            : renderRun(report),
      )
    else unwritten = writeReportOutputs(report, values, io, QUIET)
  }
  for (const [option, to] of wanted) if (!unwritten.includes(option)) io.err(`faultline report: ${option} ${to}`)
  return unwritten.length > 0 ? 2 : 0
}
