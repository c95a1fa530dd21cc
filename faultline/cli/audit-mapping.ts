// `faultline audit-mapping`: parse, audit the mapping through
// the library, print the result. Exit 0 when no cell is
// dangerous, 1 when one is (or the mapping failed on one).
import { renderAuditMapping } from '../../reports/audit-mapping.ts'
import { inertJson } from '../../reports/escape/workflow-command.ts'
import { UsageError } from '../../harness/jobs/usage-error.ts'
import { auditMapping } from '../jobs.ts'
import type { Io } from './io.ts'
import { REPORT_OUTPUTS, writeAuditOutputs } from './report-outputs.ts'
import { checkOutputs } from './output-file.ts'
import { int, options, profileOption, seed, supervision, SUPERVISION } from './options.ts'
import { COMMAND_USAGE } from './usage.ts'

const PARTS = {
  matrix: (clients: readonly string[]) => `the matrix (${clients.join(', ')})`,
  consequences: () => 'the consequences (a campaign of the reference with this mapping)',
  sources: () => 'the published sources',
} as const

export async function auditMappingCommand(args: readonly string[], io: Io): Promise<number> {
  const parsed = options('audit-mapping', args, {
    mapping: { type: 'string' },
    clients: { type: 'string' },
    runs: { type: 'string' },
    seed: { type: 'string' },
    profile: { type: 'string' },
    json: { type: 'boolean' },
    ...REPORT_OUTPUTS,
    ...SUPERVISION,
  })
  if (!parsed) return (io.out(COMMAND_USAGE['audit-mapping']), 0)
  const { values } = parsed
  if (!values.mapping)
    throw new UsageError(
      'audit-mapping needs --mapping <path to a module whose default export maps what a client observed to applied, not-sent, rejected or ambiguous>',
    )
  checkOutputs(values, io)
  const result = await auditMapping({
    mapping: values.mapping,
    clients: values.clients,
    runs: int(values.runs, 'runs', 200, 0),
    seed: seed(values.seed),
    profile: profileOption(values.profile),
    ...supervision(values),
    cwd: io.cwd,
    onPart: (part, clients) => io.err(`faultline audit-mapping: ${PARTS[part](clients)}…`),
  })
  io.out(values.json ? inertJson(JSON.stringify(result, null, 2)) : renderAuditMapping(result))
  writeAuditOutputs(result, values, io, { stepSummary: true, annotate: true, json: values.json === true })
  return result.verdict === 'pass' ? 0 : 1
}
