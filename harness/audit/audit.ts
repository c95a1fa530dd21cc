// `faultline audit-mapping`'s work, in printed order:
// matrix, consequences, sources, as a versioned
// result. The mapping runs only in workers.
import type { ClientName } from '../contract/mapping.ts'
import type { ScenarioGenerator } from '../scenario/generator.ts'
import type { Scenario } from '../scenario/scenario.ts'
import type { ProfileFeature } from '../scenario/profile.ts'
import { profileName } from '../scenario/profile.ts'
import type { ExecutorRef } from '../supervisor/executor-ref.ts'
import type { PoolOptions } from '../supervisor/pool.ts'
import { AUDIT_CASES } from './cases.ts'
import { compareSources } from './compare-sources.ts'
import { runConsequences, type Consequences } from './consequences.ts'
import { gradeCells, type MatrixCell } from './grade-cells.ts'
import { bitesIn, type Consequence } from './grade.ts'
import { runMatrix } from './matrix.ts'
import { AUDIT_FORMAT, AUDIT_VERSION, type AuditResult, type ConsequenceCell } from './result.ts'
import { SOURCES } from './sources.ts'
import { withMappingName } from './with-mapping-name.ts'

export interface AuditOptions {
  /** Absolute path of the mapping module. */
  readonly mapping: string
  /** The module as the user named it. */
  readonly label: string
  readonly clients: readonly ClientName[]
  readonly skippedClients: readonly { readonly client: ClientName; readonly why: string }[]
  /** Campaign runs (0: no campaign). */
  readonly runs: number
  readonly seed: number
  readonly profile: readonly ProfileFeature[]
  readonly pool: PoolOptions
  /** The reference with this mapping plugged in. */
  readonly executor: ExecutorRef
  /** Where the consequences draw their scenarios from. */
  readonly generator: ScenarioGenerator
  /** Told when each part starts (progress on stderr). */
  readonly onPart?: (part: 'matrix' | 'consequences' | 'sources') => void
}

export async function auditMapping(options: AuditOptions): Promise<AuditResult> {
  options.onPart?.('matrix')
  const cells = gradeCells(
    await runMatrix({ mapping: options.mapping, label: options.label, clients: options.clients, pool: options.pool }),
  )

  options.onPart?.('consequences')
  const biting = new Map<string, Consequence>(
    cells
      .filter((c) => c.client === 'fetch' && c.grade === 'dangerous' && bitesIn(c.consequence!, c.truth))
      .map((c) => [c.case, c.consequence!]),
  )
  const skipped = campaignSkipped(options, cells)
  const campaign = skipped
    ? null
    : await runConsequences({
        executor: options.executor,
        generator: options.generator,
        runs: options.runs,
        seed: options.seed,
        profile: options.profile,
        dangerous: biting,
        pool: options.pool,
      })

  options.onPart?.('sources')
  const count = (g: MatrixCell['grade']) => cells.filter((c) => c.grade === g).length
  return {
    format: AUDIT_FORMAT,
    version: AUDIT_VERSION,
    mapping: options.label,
    verdict: count('dangerous') + count('faulty') > 0 ? 'fail' : 'pass',
    clients: [...options.clients],
    skippedClients: options.skippedClients.map((s) => ({ ...s })),
    counts: {
      cells: cells.length,
      right: count('right'),
      costly: count('costly'),
      dangerous: count('dangerous'),
      faulty: count('faulty'),
    },
    matrix: {
      rows: AUDIT_CASES.map(({ id, kind, label, observation }) => ({ id, kind, label, observation })),
      cells: cells.map((c) => ({ ...c, knowable: [...c.knowable], sameAs: [...c.sameAs] })),
    },
    consequences: {
      executor: campaign?.summary.executor ?? withMappingName(options.mapping),
      profile: profileName(options.profile),
      seed: options.seed,
      runs: campaign?.summary.runs ?? 0,
      skipped,
      failingRuns: campaign?.summary.failingRuns ?? 0,
      violations: { ...(campaign?.summary.violations ?? {}) },
      unattributedRuns: campaign?.unattributedRuns ?? 0,
      unattributed: (campaign?.unattributed ?? []).map((u) => ({
        run: u.run,
        judges: [...u.judges],
        scenario: JSON.parse(JSON.stringify(u.scenario)) as Scenario,
      })),
      cells: cells.filter((c) => c.grade === 'dangerous').map((c) => consequenceOf(c, cells, campaign, options)),
    },
    sources: {
      sources: SOURCES.map((s) => ({ ...s })),
      rows: compareSources(cells).map((r) => JSON.parse(JSON.stringify(r)) as AuditResult['sources']['rows'][number]),
    },
  }
}

function campaignSkipped(options: AuditOptions, cells: readonly MatrixCell[]): string | null {
  if (options.runs === 0) return 'no campaign asked for (--runs 0)'
  const dead = cells.find(
    (c) => c.problem && (c.problem.kind === 'hung' || c.problem.kind === 'exited' || c.problem.kind === 'not-run'),
  )
  if (dead)
    return `the mapping ${dead.problem!.kind === 'exited' ? 'ended its worker' : 'blocked its thread'} in the matrix: every campaign run would do the same`
  // Nothing to learn: the reference would take
  // every answer as ambiguous.
  if (cells.length > 0 && cells.every((c) => c.grade === 'faulty'))
    return 'the mapping gave no class on any cell of the matrix: a campaign would show nothing of it'
  return null
}

function consequenceOf(
  cell: MatrixCell,
  cells: readonly MatrixCell[],
  campaign: Consequences | null,
  options: AuditOptions,
): ConsequenceCell {
  const base = {
    case: cell.case,
    client: cell.client,
    consequence: cell.consequence!,
    firstRun: null,
    judge: null,
    counterexample: null,
  }
  if (cell.client !== 'fetch')
    return {
      ...base,
      status: 'not-fetch',
      note: `the campaign runs the reference, which calls through fetch (see fetch × ${cell.case})`,
    }
  if (!bitesIn(cell.consequence!, cell.truth)) {
    const like = cell.sameAs.filter((id) =>
      bitesIn(cell.consequence!, cells.find((c) => c.client === 'fetch' && c.case === id)?.truth ?? null),
    )
    return {
      ...base,
      status: 'lookalike',
      note: `in this row the effect ${cell.truth === 'applied' ? 'exists' : 'never exists'}; it is dangerous because it looks the same as ${like.join(', ') || 'another row'}`,
    }
  }
  const reached = campaign?.reached.find((r) => r.case === cell.case)
  if (!reached) {
    // Its twin (the same observation) may be.
    const twin = campaign?.reached.find((r) => cell.sameAs.includes(r.case))
    return {
      ...base,
      status: 'not-reached',
      note: campaign
        ? `not reached in ${campaign.summary.runs} runs (seed ${options.seed})${twin ? `; the same observation was, as ${twin.case}` : ''}`
        : 'no campaign ran',
    }
  }
  const c = reached.counterexample
  return {
    ...base,
    status: 'reached',
    note: `run ${reached.firstRun}, shrunk in ${c.shrinks} steps`,
    firstRun: reached.firstRun,
    judge: reached.judge,
    counterexample: {
      scenario: c.scenario,
      violations: c.violations.map((v) => ({ judge: v.judge, call: v.call, message: v.message })),
      shrinks: c.shrinks,
      fastCheck: { seed: c.seed, path: c.path },
      reproduced: c.reproduced,
    },
  }
}
