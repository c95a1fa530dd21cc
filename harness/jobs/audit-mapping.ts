// The mapping audit (harness/audit); each reached
// cell's minimal scenario is saved, with the command
// that replays it.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { basename, dirname, extname, isAbsolute, join, relative, resolve } from 'node:path'
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
  let path: string
  try {
    path = mappingPath(spec, cwd)
  } catch (e) {
    throw asGiven(e, spec, cwd)
  }
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
    throw asGiven(e, spec, cwd)
  }
  // Where each counterexample was saved is part of the result.
  return saveCounterexamples(audited, spec, cwd)
}

/**
 * A bad module (exit 2), named as the user
 * named it: the file check and the loader
 * name it by its absolute path.
 */
function asGiven(e: unknown, spec: string, cwd: string): unknown {
  if (!(e instanceof UsageError || e instanceof LoadFailure)) return e
  return new UsageError(e.message.split(resolve(cwd, spec)).join(spec))
}

/**
 * Default: all nine; a missing package skips
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
 * scenario, saved under reports/out/,
 * with a replay that works where the
 * audit ran.
 */
export function saveCounterexamples(result: AuditResult, spec: string, cwd: string): AuditResult {
  const unattributed = result.consequences.unattributed ?? []
  if (!result.consequences.cells.some((c) => c.counterexample) && unattributed.length === 0) return result
  const dir = join(cwd, 'reports', 'out')
  mkdirSync(dir, { recursive: true })
  const name = basename(spec, extname(spec)).replace(/[^A-Za-z0-9_-]/g, '_')
  const prefix = commandPrefix(cwd)
  // `npm run` runs in its project's root,
  // not here (npm's run.js: localPrefix).
  const runsIn = prefix.startsWith('npm run') ? (npmProjectDir(cwd) ?? cwd) : cwd
  const mapping = runsIn === cwd || isAbsolute(spec) ? spec : relative(runsIn, resolve(cwd, spec))
  const save = (what: string, scenario: unknown) => {
    const path = join(dir, `audit-${name}-${what.replace(/[^A-Za-z0-9_-]/g, '_')}.json`)
    writeFileSync(path, `${JSON.stringify(scenario, null, 2)}\n`)
    const replay = `${prefix} run ${shellWord(relative(runsIn, path))} --mapping ${shellWord(mapping)}`
    return { file: relative(cwd, path), replay }
  }
  const cells = result.consequences.cells.map((c) =>
    c.counterexample
      ? { ...c, counterexample: { ...c.counterexample, ...save(c.case, c.counterexample.scenario) } }
      : c,
  )
  // A failing run no cell explains: as drawn.
  const runs = unattributed.map((u) => ({ ...u, ...save(`unattributed-run-${u.run}`, u.scenario) }))
  return {
    ...result,
    consequences: {
      ...result.consequences,
      cells,
      ...(result.consequences.unattributed ? { unattributed: runs } : {}),
    },
  }
}

/**
 * npm's project: the nearest directory
 * with a package.json or a node_modules
 * (@npmcli/config loadLocalPrefix).
 */
function npmProjectDir(cwd: string): string | null {
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json')) || existsSync(join(dir, 'node_modules'))) return dir
    if (dirname(dir) === dir) return null
  }
}

/**
 * Quoted for a POSIX shell when it
 * must be (as campaign/report.ts does).
 */
function shellWord(s: string): string {
  return /^[\w./:@%+=,-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`
}
