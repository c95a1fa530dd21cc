// Property search: fast-check draws scenarios, a run
// service runs them, each is judged here, the first
// failure shrunk; same result for any worker count.
import fc from 'fast-check'
import type { Executor } from '../contract/executor.ts'
import type { JudgeName, Violation } from '../judge/finding.ts'
import { judge, type Verdict } from '../judge/verdict.ts'
import { asService, type RunService } from '../supervisor/run-service.ts'
import { shrink, type Counterexample } from './shrink.ts'
import { failuresToShrink, summarize, type CampaignSummary, type RunRecord } from './campaign.ts'
import { coverage, type CoverageCell } from '../judge/coverage.ts'
import { inShard, type Shard } from './shard.ts'
import type { Scenario } from '../scenario/scenario.ts'
import { profileName } from '../scenario/profile.ts'
import type { ScenarioGenerator } from '../scenario/generator.ts'

export interface SearchOptions {
  readonly runs: number
  readonly seed: number
  /**
   * Stop at the first failing run
   * (a gate), or run all (compare).
   */
  readonly stopAtFirstFailure: boolean
  /** What draws the scenarios (default: `scenarioGenerator()`). */
  readonly generator: ScenarioGenerator
  /** After every generated run (not shrinking), as runs finish. */
  readonly onRun?: (index: number, violations: readonly Violation[]) => void
  /**
   * Before each counterexample is shrunk (it takes
   * a while), with the run and the judge kept.
   */
  readonly onShrink?: (index: number, judge: JudgeName) => void
  /** Shrink one counterexample per kind of violation (compare). */
  readonly shrinkEach?: boolean
  /** Run only this shard's runs (default: all). */
  readonly shard?: Shard | null
}

export interface SearchResult {
  readonly summary: CampaignSummary
  /** The first failing run's minimal counterexample, or null. */
  readonly counterexample: Counterexample | null
  /** With `shrinkEach`: one per violation class (judge) found. */
  readonly counterexamples: readonly Counterexample[]
  /** The counted runs, in run order: what a merge aggregates. */
  readonly runs: readonly RunRecord[]
  readonly shard: Shard | null
}

/** What one run of a campaign left for the aggregate. */
export interface Judged {
  readonly verdict: Verdict
  readonly realMs: number
  readonly died: boolean
  /** Read as the history arrives: thousands of runs, none kept. */
  readonly coverage: readonly CoverageCell[]
}

/**
 * Search with an executor object (this
 * thread, unsupervised) or a run service
 * (supervised workers, as the CLI does).
 */
export async function search(target: Executor | RunService, options: SearchOptions): Promise<SearchResult> {
  const service = asService(target)
  try {
    return await searchWith(service, options)
  } finally {
    if (service !== target) await service.close()
  }
}

async function searchWith(service: RunService, options: SearchOptions): Promise<SearchResult> {
  const arbitrary = options.generator.arbitrary
  const shard = options.shard ?? null
  const { judged, counted } = await runAll(service, options)

  // In run order, over exactly a one-worker campaign's runs.
  const runs: RunRecord[] = counted.map((i) => ({
    index: i,
    verdict: judged.get(i)!.verdict,
    coverage: judged.get(i)!.coverage,
  }))
  const summary = summarize(
    service.executorName,
    profileName(options.generator.profile),
    runs,
    counted.map((i) => judged.get(i)!.realMs),
  )
  const counterexamples: Counterexample[] = []
  for (const { index, judge: kept } of failuresToShrink(runs, options.shrinkEach ?? false)) {
    options.onShrink?.(index, kept)
    counterexamples.push(await shrink(service, arbitrary, options.seed, index, kept, judged.get(index)!))
  }
  const counterexample = counterexamples[0] ?? null
  return { summary, counterexample, counterexamples, runs, shard }
}

/** Thrown to end fast-check's drawing early (no shrinking). */
const STOP = new Error('the campaign stopped drawing')

/**
 * Draw scenarios as fast-check's runner does
 * (run i is what a path replay of i gives) and
 * run this shard's as workers come free. A
 * gate stops past the lowest failure so far.
 */
async function runAll(
  service: RunService,
  options: SearchOptions,
): Promise<{ judged: Map<number, Judged>; counted: number[] }> {
  const shard = options.shard ?? null
  const judged = new Map<number, Judged>()
  const inFlight = new Set<Promise<void>>()
  // One run more than the service takes waits
  // in its queue, so a free worker is fed at
  // once: +4-5 % runs per second with one
  // worker and with two (bench/, A/B rounds).
  const lanes = Math.max(1, service.concurrency) + 1
  let stopAt = Infinity // a run index
  let failure: { error: unknown } | null = null
  let index = 0

  const start = (scenario: Scenario, i: number): void => {
    const run = (async () => {
      try {
        const out = await service.run(scenario)
        const verdict = judge(out.history)
        judged.set(i, { verdict, realMs: out.realMs, died: out.died, coverage: coverage(out.history) })
        if (verdict.violations.length > 0 && options.stopAtFirstFailure) stopAt = Math.min(stopAt, i)
        options.onRun?.(i, verdict.violations)
      } catch (error) {
        failure ??= { error }
      }
    })()
    inFlight.add(run)
    void run.finally(() => inFlight.delete(run))
  }

  const drawn = await fc.check(
    fc.asyncProperty(options.generator.arbitrary, async (scenario) => {
      const i = index++
      if (failure || i > stopAt) throw STOP
      if (!inShard(i, shard)) return true
      while (inFlight.size >= lanes) await Promise.race(inFlight)
      if (failure || i > stopAt) throw STOP
      start(scenario, i)
      return true
    }),
    { seed: options.seed, numRuns: options.runs, endOnFailure: true },
  )
  await Promise.all(inFlight)
  if (failure) throw (failure as { error: unknown }).error
  if (drawn.failed && drawn.errorInstance !== STOP) throw drawn.errorInstance
  const counted = [...judged.keys()].filter((i) => i <= stopAt).sort((a, b) => a - b)
  return { judged, counted }
}
