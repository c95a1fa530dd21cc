// Property search: fast-check draws scenarios, a run
// service runs them, each is judged here, the first
// failure shrunk; same result for any worker count.
import fc from 'fast-check'
import type { Executor } from '../contract/executor.ts'
import type { JudgeName, Violation } from '../judge/finding.ts'
import { judge, type Verdict } from '../judge/verdict.ts'
import { asService, RunCancelled, type RunService, ServiceUnavailable } from '../supervisor/run-service.ts'
import type { History } from '../history/history.ts'
import { shrink, type Counterexample } from './shrink.ts'
import { ShrinkMemo } from './shrink-memo.ts'
import { Campaign, FirstFailures, type CampaignSummary, type RunRecord } from './campaign.ts'
import { coverage, type CoverageCell } from '../judge/coverage.ts'
import { timingWindows, type TimingWindow } from './timing-windows.ts'
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
  /**
   * After every generated run (not shrinking), as
   * runs finish; `died`: it cost its worker.
   */
  readonly onRun?: (index: number, violations: readonly Violation[], died: boolean) => void
  /**
   * Before each counterexample is shrunk (it takes
   * a while), with the run and the judge kept.
   */
  readonly onShrink?: (index: number, judge: JudgeName) => void
  /** Shrink one counterexample per kind of violation (compare). */
  readonly shrinkEach?: boolean
  /** Run only this shard's runs (default: all). */
  readonly shard?: Shard | null
  /**
   * Aborted: no new run starts, runs in flight
   * finish, shrinking stops where it is, and
   * the result is the campaign so far (`cut`).
   */
  readonly signal?: AbortSignal | undefined
  /**
   * Keep every counted run's record in `runs`
   * (default true; merges and --out need them).
   * False: memory stays flat however many runs.
   */
  readonly keepRuns?: boolean
  /**
   * The campaign's scenarios, drawn already for
   * this seed (campaignScenarios): used, not
   * drawn again, when they hold all `runs`.
   */
  readonly drawn?: readonly Scenario[]
}

export interface SearchResult {
  readonly summary: CampaignSummary
  /** The first failing run's minimal counterexample, or null. */
  readonly counterexample: Counterexample | null
  /** With `shrinkEach`: one per violation class (judge) found. */
  readonly counterexamples: readonly Counterexample[]
  /** The counted runs, in run order (empty: `keepRuns` false). */
  readonly runs: readonly RunRecord[]
  readonly shard: Shard | null
  /**
   * `signal` ended it early, or `unavailable`:
   * fewer runs than asked, or a counterexample
   * not fully shrunk.
   */
  readonly cut: boolean
  /** Why the service stopped (its module no longer loads), or null. */
  readonly unavailable: string | null
}

/** What one run of a campaign left for the aggregate. */
export interface Judged {
  readonly verdict: Verdict
  readonly realMs: number
  readonly died: boolean
  /** Read as the history arrives: thousands of runs, none kept. */
  readonly coverage: readonly CoverageCell[]
  /** The narrow timings it struck (timing-windows.ts). */
  readonly windows?: readonly TimingWindow[]
  /** Kept only if its worker died: shrinking starts from it. */
  readonly history?: History
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
  const folded = await runAll(service, options)
  // The service gone, the originals stand:
  // unshrunk, or shrunk as far as it went.
  let unavailable = folded.unavailable
  const gone = new AbortController()
  if (unavailable) gone.abort()
  const signal = options.signal ? AbortSignal.any([options.signal, gone.signal]) : gone.signal
  const onUnavailable = (e: ServiceUnavailable) => {
    unavailable ??= e
    gone.abort()
  }
  const how = { signal, memo: new ShrinkMemo(), onUnavailable, alone: true } // alone: as `faultline run`
  // Each shrink is one run at a time: one more
  // at once than the service has workers, so a
  // worker has the next candidate waiting.
  const picks = [...folded.firsts.picks(options.shrinkEach ?? false)]
  const counterexamples: Counterexample[] = new Array(picks.length)
  let next = 0
  const lane = async (): Promise<void> => {
    for (let p = next++; p < picks.length; p = next++) {
      const { index, judge: kept } = picks[p]!
      options.onShrink?.(index, kept)
      const original = folded.kept.get(index)!
      counterexamples[p] = await shrink(service, arbitrary, options.seed, index, kept, original, how)
    }
  }
  await Promise.all(Array.from({ length: Math.min(Math.max(1, service.concurrency) + 1, picks.length) }, lane))
  const counterexample = counterexamples[0] ?? null
  const cut = folded.cut || unavailable !== null || counterexamples.some((c) => c.cut)
  const summary = folded.campaign.summary()
  const why = unavailable?.message ?? null
  return { summary, counterexample, counterexamples, runs: folded.runs, shard, cut, unavailable: why }
}

/** Thrown to end fast-check's drawing early (no shrinking). */
const STOP = new Error('the campaign stopped drawing')

/**
 * Runs finished but not yet folded, at most
 * this many per lane: one slow run cannot
 * make the others pile up without bound.
 */
const AHEAD_PER_LANE = 64

/** The campaign folded in run order, as runs finish. */
interface Folded {
  readonly campaign: Campaign
  readonly firsts: FirstFailures
  /** The runs shrinking may start from. */
  readonly kept: Map<number, Judged>
  readonly runs: RunRecord[]
  /** The signal stopped the drawing. */
  readonly cut: boolean
  /** The service stopped running them. */
  readonly unavailable: ServiceUnavailable | null
}

/**
 * Draw scenarios as fast-check's runner does
 * (run i is what a path replay of i gives) and
 * run this shard's as workers come free. A
 * gate stops past the lowest failure so far.
 * Drawn lazily, folded in run order: memory
 * grows with lanes and failures, not runs.
 */
async function runAll(service: RunService, options: SearchOptions): Promise<Folded> {
  const shard = options.shard ?? null
  const keepRuns = options.keepRuns ?? true
  const campaign = new Campaign(service.executorName, profileName(options.generator.profile))
  const firsts = new FirstFailures()
  const kept = new Map<number, Judged>()
  const runs: RunRecord[] = []
  // Started, in run order, not yet folded.
  const order: number[] = []
  /** null: cancelled, past the first failure. */
  const finished = new Map<number, Judged | null>()
  const inFlight = new Set<Promise<void>>()
  // A run waits for each worker (a pool's host
  // holds it), so a worker that ends one starts
  // the next at once: +4-5 % runs per second
  // for one run waiting, as much again for one
  // at each host (bench/, A/B rounds).
  const lanes = Math.max(1, service.concurrency) * 2
  let stopAt = Infinity // a run index
  let foldedStop = Infinity
  let failure: { error: unknown } | null = null
  let unavailable: ServiceUnavailable | null = null
  let cut = false
  let index = 0

  const fold = (): void => {
    while (order.length > 0 && finished.has(order[0]!)) {
      const i = order.shift()!
      const j = finished.get(i)
      finished.delete(i)
      if (i > foldedStop) continue
      // Lost with the service: the rest count.
      if (!j && unavailable) continue
      if (!j) throw new Error(`run ${i} was cancelled before the first failure`)
      campaign.add(j.verdict, j.realMs, j.coverage, i, j.windows)
      if (keepRuns) runs.push({ index: i, verdict: j.verdict, coverage: j.coverage, windows: j.windows ?? [] })
      if (firsts.see(i, j.verdict)) kept.set(i, j)
      if (j.verdict.violations.length > 0 && options.stopAtFirstFailure) foldedStop = i
    }
  }

  // Past a failure, a queued run is not wanted:
  // with every run hung, each would cost a budget.
  const wanted = new Map<number, AbortController>()
  const start = (scenario: Scenario, i: number): void => {
    order.push(i)
    const controller = new AbortController()
    wanted.set(i, controller)
    const run = (async () => {
      try {
        const out = await service.run(scenario, { signal: controller.signal })
        const verdict = judge(out.history)
        const died = out.died ? { history: out.history } : {}
        const windows = timingWindows(out.history)
        finished.set(i, {
          verdict,
          realMs: out.realMs,
          died: out.died,
          coverage: coverage(out.history),
          windows,
          ...died,
        })
        if (verdict.violations.length > 0 && options.stopAtFirstFailure) {
          stopAt = Math.min(stopAt, i)
          for (const [j, c] of wanted) if (j > stopAt) c.abort()
        }
        options.onRun?.(i, verdict.violations, out.died)
        fold()
      } catch (error) {
        if (error instanceof ServiceUnavailable) unavailable ??= error
        if ((error instanceof RunCancelled && i > stopAt) || error instanceof ServiceUnavailable) {
          finished.set(i, null)
          fold()
        } else failure ??= { error }
      } finally {
        wanted.delete(i)
      }
    })()
    inFlight.add(run)
    void run.finally(() => inFlight.delete(run))
  }

  const over = (i: number): boolean => {
    if (failure || unavailable || i > stopAt) return true
    if (options.signal?.aborted) return (cut = true)
    return false
  }
  // false: no more runs wanted.
  const next = async (scenario: Scenario): Promise<boolean> => {
    const i = index++
    if (over(i)) return false
    if (!inShard(i, shard)) return true
    while (
      !failure &&
      !unavailable &&
      inFlight.size > 0 &&
      (inFlight.size >= lanes || order.length >= lanes * AHEAD_PER_LANE)
    )
      await Promise.race(inFlight)
    if (over(i)) return false
    start(scenario, i)
    return true
  }
  const drawn = options.drawn
  let drawFailed: { error: unknown } | null = null
  if (drawn && drawn.length >= options.runs) {
    for (let i = 0; i < options.runs && (await next(drawn[i]!)); i++);
  } else {
    const checked = await fc.check(
      fc.asyncProperty(options.generator.arbitrary, async (scenario) => {
        if (!(await next(scenario))) throw STOP
        return true
      }),
      { seed: options.seed, numRuns: options.runs, endOnFailure: true },
    )
    if (checked.failed && checked.errorInstance !== STOP) drawFailed = { error: checked.errorInstance }
  }
  await Promise.all(inFlight)
  if (failure) throw (failure as { error: unknown }).error
  if (drawFailed) throw drawFailed.error
  return { campaign, firsts, kept, runs, cut, unavailable }
}
