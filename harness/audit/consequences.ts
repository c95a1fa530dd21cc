// The consequences: the reference with the mapping,
// run as a campaign; each dangerous fetch cell a run
// is attributed to gets that run shrunk.
import { coverage } from '../judge/coverage.ts'
import type { ProfileFeature } from '../scenario/profile.ts'
import { profileName } from '../scenario/profile.ts'
import type { ScenarioGenerator } from '../scenario/generator.ts'
import type { ExecutorRef } from '../supervisor/executor-ref.ts'
import { Campaign, type CampaignSummary } from '../campaign/campaign.ts'
import type { Judged } from '../campaign/search.ts'
import { campaignScenarios } from '../campaign/campaign-scenarios.ts'
import { shrink, type Counterexample } from '../campaign/shrink.ts'
import { ShrinkMemo } from '../campaign/shrink-memo.ts'
import { judge } from '../judge/verdict.ts'
import type { JudgeName } from '../judge/finding.ts'
import type { Scenario } from '../scenario/scenario.ts'
import { WorkerPool, type PoolOptions } from '../supervisor/pool.ts'
import { attribute, type Attribution } from './attribute.ts'
import { AUDIT_CASES } from './cases.ts'
import type { Consequence } from './grade.ts'

export interface ConsequencesOptions {
  /** The reference with the mapping plugged in. */
  readonly executor: ExecutorRef
  readonly generator: ScenarioGenerator
  readonly runs: number
  readonly seed: number
  readonly profile: readonly ProfileFeature[]
  /** The fetch column's dangerous cells: row id → consequence. */
  readonly dangerous: ReadonlyMap<string, Consequence>
  readonly pool: PoolOptions
}

/**
 * A dangerous cell the campaign reached,
 * with its minimal counterexample.
 */
export interface CellCounterexample {
  readonly case: string
  readonly consequence: Consequence
  /** The judge whose violation was kept while shrinking. */
  readonly judge: JudgeName
  /**
   * 1-based number of the first campaign
   * run attributed to the cell.
   */
  readonly firstRun: number
  readonly counterexample: Counterexample
}

export interface Consequences {
  readonly summary: CampaignSummary
  /** Dangerous fetch cells reached, in the matrix's row order. */
  readonly reached: readonly CellCounterexample[]
  /** Failing runs that no dangerous cell explains. */
  readonly unattributedRuns: number
  /** Each of them, in run order, to replay. */
  readonly unattributed: readonly UnattributedRun[]
}

/** A failing run no dangerous cell explains. */
export interface UnattributedRun {
  /** 1-based. */
  readonly run: number
  readonly judges: readonly JudgeName[]
  readonly scenario: Scenario
}

export async function runConsequences(options: ConsequencesOptions): Promise<Consequences> {
  const scenarios = campaignScenarios(options.generator.arbitrary, options.seed, options.runs)
  const pool = await WorkerPool.open(options.executor, options.pool)
  try {
    const judged: Judged[] = []
    const attributed: Attribution[][] = []
    let next = 0
    const lane = async () => {
      while (next < scenarios.length) {
        const i = next++
        const out = await pool.run(scenarios[i]!)
        const verdict = judge(out.history)
        judged[i] = { verdict, realMs: out.realMs, died: out.died, coverage: coverage(out.history) }
        attributed[i] =
          verdict.violations.length > 0
            ? attribute(scenarios[i]!, out.history, verdict.violations, options.dangerous)
            : []
      }
    }
    await Promise.all(Array.from({ length: Math.max(1, pool.concurrency) }, lane))

    // In run order, whatever order the runs finished in.
    const campaign = new Campaign(pool.executorName, profileName(options.profile))
    const first = new Map<string, { index: number; judge: JudgeName }>()
    const unattributed: UnattributedRun[] = []
    judged.forEach(({ verdict, realMs }, i) => {
      campaign.add(verdict, realMs)
      if (verdict.violations.length > 0 && attributed[i]!.length === 0)
        unattributed.push({
          run: i + 1,
          judges: [...new Set(verdict.violations.map((v) => v.judge))],
          scenario: scenarios[i]!,
        })
      for (const a of attributed[i]!) if (!first.has(a.case)) first.set(a.case, { index: i, judge: a.judge })
    })

    const reached: CellCounterexample[] = []
    // The cases' shrinks meet the same candidates.
    const memo = new ShrinkMemo()
    for (const row of AUDIT_CASES) {
      const at = first.get(row.id)
      const consequence = options.dangerous.get(row.id)
      if (!at || !consequence) continue
      const counterexample = await shrink(
        pool,
        options.generator.arbitrary,
        options.seed,
        at.index,
        at.judge,
        judged[at.index],
        {
          keep: (scenario, history, violations) =>
            attribute(scenario, history, violations, options.dangerous).some((a) => a.case === row.id),
          what: `${at.judge} from ${row.id}`,
          memo,
        },
      )
      reached.push({ case: row.id, consequence, judge: at.judge, firstRun: at.index + 1, counterexample })
    }
    return { summary: campaign.summary(), reached, unattributedRuns: unattributed.length, unattributed }
  } finally {
    await pool.close()
  }
}
