// Property search: fast-check generates the campaign's scenarios (runs are
// numbered by their place in fast-check's sequence), a run service runs them —
// several at once when it has several workers — and every run is judged here,
// in the supervisor's thread. The first failing run (the lowest-numbered one,
// whatever the order runs finished in) is then replayed by its fast-check path
// and shrunk to a minimal scenario that still shows the same kind of violation.
// The result is the same for any number of workers. A shard runs only its own
// runs (shard.ts) and shrinks its own first failure; a merge of the shards'
// results picks the lowest-numbered one (merge.ts).
import { realNow } from '../sim/real-clock.ts'
import fc from 'fast-check'
import type { Executor } from '../contract/executor.ts'
import type { JudgeName, Violation } from '../judge/finding.ts'
import { judge, type Verdict } from '../judge/verdict.ts'
import { InThreadRunService, type RunService } from '../supervisor/run-service.ts'
import { failuresToShrink, summarize, type CampaignSummary, type RunRecord } from './campaign.ts'
import { coverage, type CoverageCell } from '../judge/coverage.ts'
import type { History } from '../history/history.ts'
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
  /** False when replaying the failing run did not fail again: the scenario is the original, unshrunk. */
  readonly reproduced: boolean
  /** The history of the minimal scenario's replay (null when it did not reproduce). */
  readonly history: History | null
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

export function asService(target: Executor | RunService): RunService {
  return typeof (target as Executor).boot === 'function' ? new InThreadRunService(target as Executor) : (target as RunService)
}

/**
 * The campaign's scenarios: the values fast-check's own runner draws for this
 * seed, in its order, so that run i is exactly what a path replay of i (the
 * start of shrinking) gives back. (`fc.sample` draws another sequence for
 * some arbitraries; the runner's is the one shrinking replays.)
 */
export function campaignScenarios(arbitrary: fc.Arbitrary<Scenario>, seed: number, runs: number): Scenario[] {
  const out: Scenario[] = []
  fc.check(
    fc.property(arbitrary, (s) => {
      out.push(s)
      return true
    }),
    { seed, numRuns: runs },
  )
  return out
}

async function searchWith(service: RunService, options: SearchOptions): Promise<SearchResult> {
  const arbitrary = options.generator.arbitrary
  const shard = options.shard ?? null
  const generated = campaignScenarios(arbitrary, options.seed, options.runs)
  const mine = generated.map((_, i) => i).filter((i) => inShard(i, shard))
  const { judged, count } = await runAll(service, generated, mine, options)

  // Aggregated in run order, over exactly the runs a one-worker campaign would have made.
  const counted = mine.slice(0, count)
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

/**
 * Run the scenarios at `indices` (in order), up to `service.concurrency` at
 * once. A gate stops dispatching past the lowest failing run found so far;
 * runs in flight below it still finish (one of them may fail first). `count`
 * is how many of `indices` the campaign counts.
 */
async function runAll(service: RunService, generated: readonly Scenario[], indices: readonly number[], options: SearchOptions): Promise<{ judged: Map<number, Judged>; count: number }> {
  const judged = new Map<number, Judged>()
  let next = 0
  let stopAt = Infinity // a position in `indices`
  const lane = async () => {
    while (next < indices.length && next <= stopAt) {
      const k = next++
      const i = indices[k]!
      const out = await service.run(generated[i]!)
      const verdict = judge(out.history)
      judged.set(i, { verdict, realMs: out.realMs, died: out.died, coverage: coverage(out.history) })
      if (verdict.violations.length > 0 && options.stopAtFirstFailure) stopAt = Math.min(stopAt, k)
      options.onRun?.(i, verdict.violations)
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, service.concurrency) }, lane))
  return { judged, count: Math.min(indices.length, stopAt + 1) }
}

/** What a shrink keeps, when it is more than "a violation of this judge". */
export interface ShrinkOptions {
  /** Does this candidate still fail the way the original did? (Default: it has a violation of the judge kept.) */
  readonly keep?: (scenario: Scenario, history: History, violations: readonly Violation[]) => boolean
  /** What is kept, for the minimal scenario's name (default: the judge's name). */
  readonly what?: string
}

/** Costly candidates (a worker that died: overran, exited, out of memory) after which shrinking stops where it is. */
const MAX_SHRINK_DEATHS = 3

/**
 * Replay run `index` of the seeded sequence and shrink it, keeping a violation
 * of `kept`. Candidates get a real-time budget of their own (ten times the
 * original run, at least 2 s) and are never replayed; a candidate that
 * overruns counts as not reproducing the failure (unless the failure kept is
 * the executor's own fault), and after a few candidates that cost a worker
 * (overran, exited, out of memory) shrinking stops where it is.
 */
export async function shrink(target: Executor | RunService, arbitrary: fc.Arbitrary<Scenario>, seed: number, index: number, kept: JudgeName, original?: Judged, how: ShrinkOptions = {}): Promise<Counterexample> {
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
    // It failed in the campaign and not on replay: report the original as it is, and say so.
    const scenario = { ...campaignScenarios(arbitrary, seed, index + 1)[index]!, name: `${how.what ?? kept} for ${service.executorName} (did not reproduce)` }
    return { scenario, violations: original?.verdict.violations ?? [], judge: kept, seed, path: String(index), shrinks: 0, shrinkRealMs: realNow() - start, reproduced: false, history: null }
  }
  const scenario: Scenario = { ...details.counterexample[0], name: `minimal ${how.what ?? kept} for ${service.executorName}` }
  const { history } = await service.run(scenario)
  const violations = judge(history).violations
  return { scenario, violations, judge: kept, seed, path: String(index), shrinks: details.numShrinks, shrinkRealMs: realNow() - start, reproduced: true, history }
}
