// Property search: fast-check generates the campaign's scenarios (runs are
// numbered by their place in fast-check's sequence), a run service runs them —
// several at once when it has several workers — and every run is judged here,
// in the supervisor's thread. The first failing run (the lowest-numbered one,
// whatever the order runs finished in) is then replayed by its fast-check path
// and shrunk (shrink.ts) to a minimal scenario that still shows the same kind of violation.
// Scenarios are drawn as workers come free, so drawing overlaps running.
// The result is the same for any number of workers. A shard runs only its own
// runs (shard.ts) and shrinks its own first failure; a merge of the shards'
// results picks the lowest-numbered one (merge.ts).
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
  /** Stop generating at the first failing run (a gate), or run them all (a comparison). */
  readonly stopAtFirstFailure: boolean
  /** What draws the scenarios (scenarios/arbitraries.ts makes the default one: `scenarioGenerator()`). */
  readonly generator: ScenarioGenerator
  /** Called after every generated run (not during shrinking), in the order runs finish. */
  readonly onRun?: (index: number, violations: readonly Violation[]) => void
  /** Called before each counterexample is shrunk (progress: shrinking takes a while), with the run and the judge kept. */
  readonly onShrink?: (index: number, judge: JudgeName) => void
  /** Shrink a counterexample for every kind of violation found, not only the first (a comparison). */
  readonly shrinkEach?: boolean
  /** Run only this shard's runs (default: all of them). */
  readonly shard?: Shard | null
}


export interface SearchResult {
  readonly summary: CampaignSummary
  /** The minimal counterexample of the first failing run (null when nothing failed). */
  readonly counterexample: Counterexample | null
  /** With `shrinkEach`: one minimal counterexample per violation class (judge) found. */
  readonly counterexamples: readonly Counterexample[]
  /** The runs the summary counts, in run order: what a merge of shards aggregates again. */
  readonly runs: readonly RunRecord[]
  readonly shard: Shard | null
}

/** What one run of a campaign left for the aggregate. */
export interface Judged {
  readonly verdict: Verdict
  readonly realMs: number
  readonly died: boolean
  /** Read from the history as it arrives: histories are not kept (thousands of runs). */
  readonly coverage: readonly CoverageCell[]
}

/**
 * Search with an executor object (run in this thread, unsupervised) or a run
 * service (a pool of supervised workers: the way the CLI runs executors).
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

  // Aggregated in run order, over exactly the runs a one-worker campaign would have made.
  const runs: RunRecord[] = counted.map((i) => ({ index: i, verdict: judged.get(i)!.verdict, coverage: judged.get(i)!.coverage }))
  const summary = summarize(service.executorName, profileName(options.generator.profile), runs, counted.map((i) => judged.get(i)!.realMs))
  const counterexamples: Counterexample[] = []
  for (const { index, judge: kept } of failuresToShrink(runs, options.shrinkEach ?? false)) {
    options.onShrink?.(index, kept)
    counterexamples.push(await shrink(service, arbitrary, options.seed, index, kept, judged.get(index)!))
  }
  const counterexample = counterexamples[0] ?? null
  return { summary, counterexample, counterexamples, runs, shard }
}

/** Thrown from the property to end fast-check's drawing early (with `endOnFailure`: no shrinking). */
const STOP = new Error('the campaign stopped drawing')

/**
 * Draw the campaign's scenarios as fast-check's own runner draws them (so run i
 * is what a path replay of i gives back) and run this shard's, up to
 * `service.concurrency` at once (and one more queued): the next scenario is drawn
 * when a worker is free, so drawing overlaps running instead of preceding it. A gate stops past
 * the lowest failing run found so far; runs in flight below it still finish
 * (one of them may fail first). `counted` are the run indices the campaign counts.
 */
async function runAll(service: RunService, options: SearchOptions): Promise<{ judged: Map<number, Judged>; counted: number[] }> {
  const shard = options.shard ?? null
  const judged = new Map<number, Judged>()
  const inFlight = new Set<Promise<void>>()
  // One run more than the service takes at once waits in its queue: a worker that finishes gets its
  // next scenario at once, not after this thread has judged the run it sent back and drawn another
  // (+4-5 % runs per second with one worker and with two; bench/ and interleaved A/B rounds).
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
