// Shrinking a failing run: fast-check replays it by
// its path and shrinks it to a minimal scenario with
// the same kind of violation.
import fc from 'fast-check'
import { realNow } from '../sim/real-clock.ts'
import type { Executor } from '../contract/executor.ts'
import type { JudgeName, Violation } from '../judge/finding.ts'
import { judge } from '../judge/verdict.ts'
import type { History } from '../history/history.ts'
import type { Scenario } from '../scenario/scenario.ts'
import { asService, type RunService } from '../supervisor/run-service.ts'
import { campaignScenarios } from './campaign-scenarios.ts'
import type { Judged } from './search.ts'

export interface Counterexample {
  /**
   * The minimal scenario: save it and
   * replay it with `faultline run`.
   */
  readonly scenario: Scenario
  readonly violations: readonly Violation[]
  /** The judge whose violation was kept while shrinking. */
  readonly judge: JudgeName
  /** fast-check's seed and path of the original failing run. */
  readonly seed: number
  readonly path: string
  readonly shrinks: number
  readonly shrinkRealMs: number
  /**
   * False when the replay did not fail:
   * the scenario is the original.
   */
  readonly reproduced: boolean
  /**
   * The minimal scenario's replay
   * history (null: not reproduced).
   */
  readonly history: History | null
}

/**
 * What a shrink keeps, when it is more
 * than "a violation of this judge".
 */
export interface ShrinkOptions {
  /**
   * Does this candidate still fail as the original
   * did? (Default: it violates the judge kept.)
   */
  readonly keep?: (scenario: Scenario, history: History, violations: readonly Violation[]) => boolean
  /**
   * What is kept, for the minimal scenario's
   * name (default: the judge's name).
   */
  readonly what?: string
}

/**
 * Candidates that cost a worker (overran, exited,
 * out of memory) before shrinking stops where it is.
 */
const MAX_SHRINK_DEATHS = 3

/**
 * Replay run `index` and shrink it, keeping
 * a violation of `kept`. Candidates get
 * their own real-time budget and are never
 * replayed (docs/internals/engine.md).
 */
export async function shrink(
  target: Executor | RunService,
  arbitrary: fc.Arbitrary<Scenario>,
  seed: number,
  index: number,
  kept: JudgeName,
  original?: Judged,
  how: ShrinkOptions = {},
): Promise<Counterexample> {
  const service = asService(target)
  const start = realNow()
  let harnessError: unknown = null
  let deaths = 0
  const realMs = Math.max(2_000, 10 * (original && !original.died ? original.realMs : 200))
  const details = await fc.check(
    fc.asyncProperty(arbitrary, async (scenario) => {
      if (deaths >= MAX_SHRINK_DEATHS || harnessError) return true
      try {
        const out = await service.run(scenario, { realMs, replay: false })
        if (out.died) deaths++
        if (out.overran && kept !== 'executor-fault') return true
        const violations = judge(out.history).violations
        return how.keep ? !how.keep(scenario, out.history, violations) : !violations.some((v) => v.judge === kept)
      } catch (e) {
        harnessError ??= e
        return true // never shrink toward a harness failure
      }
    }),
    { seed, path: String(index), numRuns: index + 1 },
  )
  if (harnessError) throw harnessError
  if (!details.failed || !details.counterexample) {
    // Failed in the campaign, not on replay:
    // report the original as it is, and say so.
    const scenario = {
      ...campaignScenarios(arbitrary, seed, index + 1)[index]!,
      name: `${how.what ?? kept} for ${service.executorName} (did not reproduce)`,
    }
    return {
      scenario,
      violations: original?.verdict.violations ?? [],
      judge: kept,
      seed,
      path: String(index),
      shrinks: 0,
      shrinkRealMs: realNow() - start,
      reproduced: false,
      history: null,
    }
  }
  const scenario: Scenario = {
    ...details.counterexample[0],
    name: `minimal ${how.what ?? kept} for ${service.executorName}`,
  }
  const { history } = await service.run(scenario)
  const violations = judge(history).violations
  return {
    scenario,
    violations,
    judge: kept,
    seed,
    path: String(index),
    shrinks: details.numShrinks,
    shrinkRealMs: realNow() - start,
    reproduced: true,
    history,
  }
}
