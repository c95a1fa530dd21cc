// `faultline audit-mapping`: chaos experiments on an exception mapping — the
// matrix (every fault kind × client: what the client really raised, the
// mapping's class, the ledger's truth, the grade), the consequences (a campaign
// of the reference with the mapping plugged in, one shrunk counterexample per
// dangerous cell it reaches, saved for replay) and the published sources.
// Exit 0 when no cell is dangerous, 1 when one is (or the mapping failed on
// one), 2 on bad usage or a module that cannot be loaded.
import { mkdirSync, writeFileSync } from 'node:fs'
import { basename, extname, join, relative } from 'node:path'
import { renderAuditMapping } from '../../reports/audit-mapping.ts'
import { auditMapping } from '../../harness/audit/audit.ts'
import { clientAvailable } from '../../harness/audit/clients.ts'
import type { AuditResult } from '../../harness/audit/result.ts'
import { CLIENT_NAMES, type ClientName } from '../../harness/contract/mapping.ts'
import { LoadFailure } from '../../harness/supervisor/pool.ts'
import type { Io } from './io.ts'
import { REPORT_OUTPUTS, writeAuditOutputs } from './report-outputs.ts'
import { mappingPath } from './mapping-file.ts'
import { int, options, profileOption, seed as seedOption, supervision, SUPERVISION } from './options.ts'
import { COMMAND_USAGE } from './usage.ts'
import { UsageError } from './usage-error.ts'
import { commandPrefix } from './version.ts'

export async function auditMappingCommand(args: readonly string[], io: Io): Promise<number> {
  const parsed = options('audit-mapping', args, { mapping: { type: 'string' }, clients: { type: 'string' }, runs: { type: 'string' }, seed: { type: 'string' }, profile: { type: 'string' }, json: { type: 'boolean' }, ...REPORT_OUTPUTS, ...SUPERVISION })
  if (!parsed) return (io.out(COMMAND_USAGE['audit-mapping']), 0)
  const { values } = parsed
  if (!values.mapping) throw new UsageError('audit-mapping needs --mapping <path to a module whose default export maps what a client observed to applied, not-sent, rejected or ambiguous>')
  const path = mappingPath(values.mapping, io.cwd)
  const { clients, skipped } = clientsOption(values.clients)
  let audited: AuditResult
  try {
    audited = await auditMapping({
      mapping: path,
      label: values.mapping,
      clients,
      skippedClients: skipped,
      runs: int(values.runs, 'runs', 200, 0),
      seed: seedOption(values.seed),
      profile: profileOption(values.profile),
      pool: supervision(values),
      onPart: (part) => io.err(`faultline audit-mapping: ${part === 'matrix' ? `the matrix (${clients.join(', ')})` : part === 'consequences' ? 'the consequences (a campaign of the reference with this mapping)' : 'the published sources'}…`),
    })
  } catch (e) {
    if (e instanceof LoadFailure) throw new UsageError(e.message)
    throw e
  }
  // Where each counterexample was saved is part of the result: every rendering, now or from the --json later, gives it.
  const result = saveCounterexamples(audited, values.mapping, io.cwd)
  io.out(values.json ? JSON.stringify(result, null, 2) : renderAuditMapping(result))
  writeAuditOutputs(result, values, io, { stepSummary: true, annotate: true, json: values.json === true })
  return result.verdict === 'pass' ? 0 : 1
}

/** `--clients fetch,http,…` (default: all five; those whose package is missing are skipped, unless asked for by name). */
function clientsOption(value: string | undefined): { clients: ClientName[]; skipped: { client: ClientName; why: string }[] } {
  const asked = value === undefined ? null : value.split(',').map((s) => s.trim()).filter(Boolean)
  if (asked !== null) {
    const unknown = asked.find((c) => !(CLIENT_NAMES as readonly string[]).includes(c))
    if (unknown !== undefined || asked.length === 0) throw new UsageError(`--clients: unknown client "${unknown ?? value}": use a comma list of ${CLIENT_NAMES.join(', ')}`)
  }
  const wanted = CLIENT_NAMES.filter((c) => asked === null || asked.includes(c))
  const clients: ClientName[] = []
  const skipped: { client: ClientName; why: string }[] = []
  for (const client of wanted) {
    const available = clientAvailable(client)
    if (available.ok) clients.push(client)
    else if (asked !== null) throw new UsageError(`--clients: ${client} cannot be driven here: ${available.why}`)
    else skipped.push({ client, why: available.why })
  }
  return { clients, skipped }
}

/** Each reached cell's minimal scenario saved under reports/out/: the result, with where and the command that replays it. */
function saveCounterexamples(result: AuditResult, spec: string, cwd: string): AuditResult {
  if (!result.consequences.cells.some((c) => c.counterexample)) return result
  const dir = join(cwd, 'reports', 'out')
  mkdirSync(dir, { recursive: true })
  const name = basename(spec, extname(spec)).replace(/[^A-Za-z0-9_-]/g, '_')
  const cells = result.consequences.cells.map((c) => {
    if (!c.counterexample) return c
    const path = join(dir, `audit-${name}-${c.case.replace(/[^A-Za-z0-9_-]/g, '_')}.json`)
    writeFileSync(path, `${JSON.stringify(c.counterexample.scenario, null, 2)}\n`)
    const file = relative(cwd, path)
    return { ...c, counterexample: { ...c.counterexample, file, replay: `${commandPrefix()} run ${file} --mapping ${spec}` } }
  })
  return { ...result, consequences: { ...result.consequences, cells } }
}
