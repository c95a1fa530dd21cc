// The mapping audit (harness/audit); each reached
// cell's minimal scenario is saved, with the command
// that replays it.
import { mkdirSync, writeFileSync } from 'node:fs'
import { basename, extname, join, relative } from 'node:path'
import { auditMapping } from '../audit/audit.ts'
import { clientAvailable } from '../audit/clients.ts'
import type { AuditResult } from '../audit/result.ts'
import { CLIENT_NAMES, type ClientName } from '../contract/mapping.ts'
import type { ProfileFeature } from '../scenario/profile.ts'
import { LoadFailure } from '../supervisor/pool.ts'
import { modulePath, poolOptions, profileOf, seedOf, whole, type SupervisionOptions } from './inputs.ts'
import { mappingPath } from './mapping-file.ts'
import type { JobSetup } from './setup.ts'
import { UsageError } from './usage-error.ts'
import { commandPrefix } from './version.ts'

export type AuditPart = 'matrix' | 'consequences' | 'sources'

export interface AuditMappingOptions extends SupervisionOptions {
  /**
   * The mapping module: a path
   * (relative to `cwd`) or a file: URL.
   */
  readonly mapping: string | URL
  /** Which clients (default: all whose package is installed). */
  readonly clients?: string | readonly ClientName[]
  /** Campaign runs of the consequences (default 200; 0: none). */
  readonly runs?: number
  readonly seed?: number
  readonly profile?: string | readonly ProfileFeature[]
  /**
   * Where paths resolve and counterexamples
   * are saved (reports/out/).
   */
  readonly cwd?: string
  /** Told when each part starts. */
  readonly onPart?: (part: AuditPart, clients: readonly ClientName[]) => void
}

export async function auditMappingJob(options: AuditMappingOptions, setup: JobSetup): Promise<AuditResult> {
  const cwd = options.cwd ?? process.cwd()
  const spec = modulePath(options.mapping)
  const path = mappingPath(spec, cwd)
  const { clients, skipped } = clientsOf(options.clients)
  const profile = profileOf(options.profile)
  let audited: AuditResult
  try {
    audited = await auditMapping({
      mapping: path,
      label: spec,
      clients,
      skippedClients: skipped,
      runs: whole(options.runs, 'runs', 200, 0),
      seed: seedOf(options.seed),
      profile,
      pool: poolOptions(options),
      executor: setup.withMapping(path, `mapping module ${spec}`),
      generator: setup.generator(profile),
      ...(options.onPart && { onPart: (part: AuditPart) => options.onPart!(part, clients) }),
    })
  } catch (e) {
    if (e instanceof LoadFailure) throw new UsageError(e.message)
    throw e
  }
  // Where each counterexample was saved is part of the result.
  return saveCounterexamples(audited, spec, cwd)
}

/**
 * Default: all five; a missing package skips
 * its client, unless asked for by name.
 */
function clientsOf(value: string | readonly ClientName[] | undefined) {
  const asked =
    value === undefined
      ? null
      : typeof value === 'string'
        ? value
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : [...value]
  if (asked !== null) {
    const unknown = asked.find((c) => !(CLIENT_NAMES as readonly string[]).includes(c))
    if (unknown !== undefined || asked.length === 0)
      throw new UsageError(
        `--clients: unknown client "${unknown ?? String(value)}": use a comma list of ${CLIENT_NAMES.join(', ')}`,
      )
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

/**
 * Each reached cell's minimal
 * scenario, saved under reports/out/.
 */
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
    return {
      ...c,
      counterexample: { ...c.counterexample, file, replay: `${commandPrefix()} run ${file} --mapping ${spec}` },
    }
  })
  return { ...result, consequences: { ...result.consequences, cells } }
}
