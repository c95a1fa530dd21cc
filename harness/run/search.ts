// Property search: fast-check generates scenarios, each is run and judged;
// the first failing scenario is then replayed by its fast-check path and
// shrunk to a minimal one that still shows the same kind of violation.
import fc from 'fast-check'
import { scenarioArbitrary } from '../../scenarios/arbitraries.ts'
import type { Executor } from '../contract/executor.ts'
import type { JudgeName, Violation } from '../judge/finding.ts'
import { judge } from '../judge/verdict.ts'
import { Campaign, type CampaignSummary } from './campaign.ts'
import { runScenario } from './runner.ts'
import { startInterception, stopInterception } from '../sim/network.ts'
import type { Scenario } from './scenario.ts'

export interface SearchOptions {
  readonly runs: number
  readonly seed: number
  /** Stop generating at the first failing run (a gate), or run them all (a comparison). */
  readonly stopAtFirstFailure: boolean
  readonly arbitrary?: fc.Arbitrary<Scenario>
  /** Called after every generated run (not during shrinking). */
  readonly onRun?: (index: number, violations: readonly Violation[]) => void
  /** Shrink a counterexample for every kind of violation found, not only the first (a comparison). */
  readonly shrinkEach?: boolean
}

export interface Counterexample {
  /** The minimal scenario: save it as JSON and replay it with `faultline run`. */
  readonly scenario: Scenario
  readonly violations: readonly Violation[]
  /** The judge whose violation was kept while shrinking. */
  readonly judge: JudgeName
  /** fast-check's seed and path of the original failing run. */
  readonly seed: number
  readonly path: string
  readonly shrinks: number
  readonly shrinkRealMs: number
}

export interface SearchResult {
  readonly summary: CampaignSummary
  /** The minimal counterexample of the first failing run (null when nothing failed). */
  readonly counterexample: Counterexample | null
  /** With `shrinkEach`: one minimal counterexample per violation class (judge) found. */
  readonly counterexamples: readonly Counterexample[]
}

export async function search(executor: Executor, options: SearchOptions): Promise<SearchResult> {
  startInterception() // once for the whole search, not once per run
  try {
    return await searchIntercepted(executor, options)
  } finally {
    stopInterception()
  }
}

async function searchIntercepted(executor: Executor, options: SearchOptions): Promise<SearchResult> {
  const arbitrary = options.arbitrary ?? scenarioArbitrary()
  const campaign = new Campaign(executor.name)
  let index = 0
  let firstFailure: { index: number; judge: JudgeName } | null = null
  const firstByJudge = new Map<JudgeName, number>()
  let harnessError: unknown = null

  const details = await fc.check(
    fc.asyncProperty(arbitrary, async (scenario) => {
      let run
      try {
        run = await runScenario(scenario, executor)
      } catch (e) {
        harnessError = e // not the executor's fault: stop and surface it
        return false
      }
      const verdict = judge(run.history)
      campaign.add(verdict, run.realMs)
      options.onRun?.(index, verdict.violations)
      const failed = verdict.violations.length > 0
      if (failed && !firstFailure) firstFailure = { index, judge: verdict.violations[0]!.judge }
      for (const v of verdict.violations) if (!firstByJudge.has(v.judge)) firstByJudge.set(v.judge, index)
      index++
      return !(failed && options.stopAtFirstFailure)
    }),
    { seed: options.seed, numRuns: options.runs, endOnFailure: true },
  )
  if (harnessError) throw harnessError

  const found = firstFailure as { index: number; judge: JudgeName } | null
  const counterexample = found ? await shrink(executor, arbitrary, options.seed, found.index, found.judge) : null
  const counterexamples: Counterexample[] = counterexample ? [counterexample] : []
  if (options.shrinkEach) {
    for (const [judgeName, at] of firstByJudge) {
      if (judgeName !== counterexample?.judge) counterexamples.push(await shrink(executor, arbitrary, options.seed, at, judgeName))
    }
  }
  return { summary: campaign.summary(), counterexample, counterexamples }
}

/** Replay run `index` of the seeded sequence and shrink it, keeping a violation of `kept`. */
export async function shrink(executor: Executor, arbitrary: fc.Arbitrary<Scenario>, seed: number, index: number, kept: JudgeName): Promise<Counterexample> {
  const start = performance.now()
  let harnessError: unknown = null
  const details = await fc.check(
    fc.asyncProperty(arbitrary, async (scenario) => {
      try {
        const verdict = judge((await runScenario(scenario, executor)).history)
        return !verdict.violations.some((v) => v.judge === kept)
      } catch (e) {
        harnessError ??= e
        return true // never shrink toward a harness failure
      }
    }),
    { seed, path: String(index), numRuns: index + 1 },
  )
  if (!details.failed || !details.counterexample) {
    throw new Error(`faultline: run ${index} of seed ${seed} failed once and passed on replay — the run is not deterministic (a bug in the harness or an executor reading real time)`)
  }
  if (harnessError) throw harnessError
  const scenario: Scenario = { ...details.counterexample[0], name: `minimal ${kept} for ${executor.name}` }
  const violations = judge((await runScenario(scenario, executor)).history).violations
  return { scenario, violations, judge: kept, seed, path: String(index), shrinks: details.numShrinks, shrinkRealMs: performance.now() - start }
}
