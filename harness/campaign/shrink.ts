// Shrinking a failing run: fast-check replays it by
// its path and shrinks it to a minimal scenario with
// the same kind of violation.
import fc from 'fast-check'
import { realNow } from '../sim/real-clock.ts'
import type { Executor } from '../contract/executor.ts'
import type { JudgeName, Violation } from '../judge/finding.ts'
import { judge } from '../judge/verdict.ts'
import { deepFreeze, type History } from '../history/history.ts'
import type { Scenario } from '../scenario/scenario.ts'
import { withoutFeature } from '../scenario/without-feature.ts'
import { asService, type RunOutcome, type RunService, ServiceUnavailable } from '../supervisor/run-service.ts'
import { campaignScenario } from './campaign-scenarios.ts'
import type { Judged } from './search.ts'
import { ShrinkMemo } from './shrink-memo.ts'

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
  /**
   * The campaign was cut (`signal`) before
   * shrinking ended: the scenario is as far
   * as it got; not reproduced: never replayed.
   */
  readonly cut?: true
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
  /**
   * Aborted: no candidate more is run; the
   * smallest failing one so far is kept.
   */
  readonly signal?: AbortSignal | undefined
  /** Clean runs already seen (shared by a row's shrinks). */
  readonly memo?: ShrinkMemo
  /**
   * The service can run no more: shrinking
   * stops where it is, as if cut (unset:
   * the shrink throws its error).
   */
  readonly onUnavailable?: (error: ServiceUnavailable) => void
  /**
   * Replay the minimal scenario alone, in a fresh
   * worker (the service's runAlone), and keep its
   * history: the one `faultline run` shows. One
   * that passes there did not reproduce: it failed
   * after other runs in the same worker.
   */
  readonly alone?: boolean
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
  try {
    return await shrinkWith(service, arbitrary, seed, index, kept, original, how)
  } finally {
    // Its own in-thread service: undone here.
    if (service !== target) await service.close()
  }
}

async function shrinkWith(
  service: RunService,
  arbitrary: fc.Arbitrary<Scenario>,
  seed: number,
  index: number,
  kept: JudgeName,
  original: Judged | undefined,
  how: ShrinkOptions,
): Promise<Counterexample> {
  const memo = how.memo ?? new ShrinkMemo()
  const start = realNow()
  let harnessError: unknown = null
  let gone: ServiceUnavailable | null = null
  let deaths = 0
  // Set inside the property: not narrowed here.
  let cut = false as boolean
  // Its history stands in for the last replay when cut.
  let last = null as { history: History; violations: readonly Violation[] } | null
  const realMs = Math.max(2_000, 10 * (original && !original.died ? original.realMs : 200))
  // A run that cost a worker is not run again:
  // the same death, twice the wait (a hang's
  // verdict took minutes). The original's
  // death stands for its first replay.
  const deadEnds = new WeakMap<Scenario, History>()
  let replayed = original?.history === undefined
  // Its violations if it fails as the original did.
  const fails = (scenario: Scenario, out: RunOutcome): readonly Violation[] | null => {
    if (out.overran && kept !== 'executor-fault') return null
    const violations = judge(out.history).violations
    const holds = how.keep ? how.keep(scenario, out.history, violations) : violations.some((v) => v.judge === kept)
    return holds ? violations : null
  }
  const details = await fc.check(
    fc.asyncProperty(arbitrary, async (scenario) => {
      if (!replayed && original?.history) {
        replayed = true
        deadEnds.set(scenario, original.history)
        return false
      }
      if (deaths >= MAX_SHRINK_DEATHS || harnessError || gone) return true
      if (how.signal?.aborted) {
        cut = true
        return true // not run: kept out of the shrink
      }
      try {
        const out = await memo.run(service, scenario, { realMs, replay: false })
        if (out.died) deaths++
        const violations = fails(scenario, out)
        if (violations) last = { history: out.history, violations }
        if (violations && out.died) deadEnds.set(scenario, out.history)
        return !violations
      } catch (e) {
        if (e instanceof ServiceUnavailable) {
          gone = e
          cut = true
          how.onUnavailable?.(e) // other lanes stop too
        } else harnessError ??= e
        return true // never shrink toward a harness failure
      }
    }),
    { seed, path: String(index), numRuns: index + 1 },
  )
  if (harnessError) throw harnessError
  // Nobody to tell: as before, it throws.
  if (gone && !how.onUnavailable) throw gone
  // Failed in the campaign, not on replay (or
  // never replayed, when cut): the original.
  const notReproduced = (): Counterexample => ({
    scenario: {
      ...campaignScenario(arbitrary, seed, index),
      name: `${how.what ?? kept} for ${service.executorName} (${cut ? 'not shrunk: the campaign was cut' : 'did not reproduce'})`,
    },
    violations: original?.verdict.violations ?? [],
    judge: kept,
    seed,
    path: String(index),
    shrinks: 0,
    shrinkRealMs: realNow() - start,
    reproduced: false,
    history: null,
    ...(cut && { cut: true as const }),
  })
  if (!details.failed || !details.counterexample) return notReproduced()
  const shrunk = details.counterexample[0]
  let found = shrunk
  // fast-check never varies the profile: each
  // feature the failure does without is dropped,
  // so a vendor-faithful gate replays it too.
  let dropped = 0
  for (const feature of shrunk.profile ?? []) {
    if (how.signal?.aborted) cut = true
    if (cut || deadEnds.has(found) || deaths >= MAX_SHRINK_DEATHS) break
    const fewer = withoutFeature(found, feature)
    if (!fewer) continue
    try {
      const out = await memo.run(service, fewer, { realMs, replay: false })
      if (out.died) deaths++
      const violations = out.died ? null : fails(fewer, out)
      if (violations) {
        last = { history: out.history, violations }
        found = fewer
        dropped++
      }
    } catch (e) {
      if (!(e instanceof ServiceUnavailable)) throw e
      cut = true
      if (!how.onUnavailable) throw e
      how.onUnavailable(e)
    }
  }
  const name = `${cut ? 'partly shrunk' : 'minimal'} ${how.what ?? kept} for ${service.executorName}`
  let scenario: Scenario = { ...found, name }
  // Cut: no run more, the last failing one's history;
  // a clean replay's stands for another.
  const seen = deadEnds.get(found) ?? memo.known(found)?.history
  let history = cut && last ? last.history : seen ? renamed(seen, name) : (await service.run(scenario)).history
  // A death is not run again (see deadEnds).
  if (how.alone && !cut && service.runAlone && !deadEnds.has(found)) {
    const failsAlone = async (s: Scenario): Promise<History | null | false> => {
      const alone = await replayAlone(service.runAlone!, s)
      if (!alone) return null
      const v = judge(alone).violations
      return (how.keep ? how.keep(s, alone, v) : v.some((x) => x.judge === kept)) ? alone : false
    }
    let alone = await failsAlone(scenario)
    // Passing alone with fewer features: the
    // profile's own counterexample stands.
    if (alone === false && found !== shrunk) {
      scenario = { ...shrunk, name }
      dropped = 0
      alone = await failsAlone(scenario)
      if (alone === null) history = renamed(memo.known(shrunk)?.history ?? (await service.run(scenario)).history, name)
    }
    if (alone === false) return notReproduced()
    if (alone) history = alone
  }
  const violations = judge(history).violations
  return {
    scenario,
    violations,
    judge: kept,
    seed,
    path: String(index),
    shrinks: details.numShrinks + dropped,
    shrinkRealMs: realNow() - start,
    reproduced: true,
    history,
    ...(cut && { cut: true as const }),
  }
}

/**
 * Its history in a fresh worker, or null when
 * none could run it (the minimal one stands).
 */
async function replayAlone(runAlone: NonNullable<RunService['runAlone']>, scenario: Scenario): Promise<History | null> {
  try {
    return (await runAlone(scenario)).history
  } catch {
    return null
  }
}

/** A history as if run under its new name. */
function renamed(history: History, name: string): History {
  return Object.freeze(history.map((e) => (e.type === 'run-started' ? deepFreeze({ ...e, scenario: name }) : e)))
}
