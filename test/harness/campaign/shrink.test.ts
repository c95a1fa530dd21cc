// Shrinking drops leading steps too: faults are
// addressed per step's tool call, so a dropped step
// takes its faults along and later steps keep
// theirs. The case: the first generated run whose
// 3-step plan fails in step 3 alone, where step 3
// fails on its own too.
import { describe, expect, it } from 'vitest'
import timeoutAsFailure, { catches } from '../../../executors/flawed/timeout-as-failure.ts'
import { campaignScenarios } from '../../../harness/campaign/campaign-scenarios.ts'
import { shrink } from '../../../harness/campaign/shrink.ts'
import { stepOf } from '../../../harness/history/call-ids.ts'
import { judge } from '../../../harness/judge/verdict.ts'
import { runScenario } from '../../../harness/run/runner.ts'
import { PROFILE_FEATURES } from '../../../harness/scenario/profile.ts'
import type { Scenario } from '../../../harness/scenario/scenario.ts'
import { InThreadRunService, type RunService } from '../../../harness/supervisor/run-service.ts'
import { reference } from '../../../executors/reference/reference.ts'
import { scenarioArbitrary } from '../../../scenarios/arbitraries.ts'

const SEED = Number(process.env.FAULTLINE_SEED ?? 1)
const RUNS = Number(process.env.FAULTLINE_RUNS ?? 1000)

/** The mutant's violations for a scenario, by step. */
async function failingSteps(s: Scenario): Promise<Set<string | null>> {
  const violations = judge((await runScenario(s, timeoutAsFailure)).history).violations.filter(
    (v) => v.judge === catches,
  )
  return new Set(violations.map((v) => stepOf(v.call)))
}

/** Step 3 alone, as step 1, with its faults. */
function thirdAlone(s: Scenario): Scenario {
  const third = s.plan[2]!
  const faults = s.faults
    .filter((f) => f.step === third.stepId || f.step === '#abort')
    .map((f) => (f.step === third.stepId ? { ...f, step: 's1' } : f))
  return { ...s, plan: [{ ...third, stepId: 's1' }], faults }
}

describe('shrink', () => {
  it('removes irrelevant leading steps: a failure in step 3 of a 3-step plan shrinks to one step', async () => {
    console.log(
      `shrink leading steps: seed ${SEED}, up to ${RUNS} runs (replay: FAULTLINE_SEED=${SEED} FAULTLINE_RUNS=${RUNS})`,
    )
    const arbitrary = scenarioArbitrary()
    const scenarios = campaignScenarios(arbitrary, SEED, RUNS)
    let found: { index: number; scenario: Scenario } | null = null
    for (const [index, s] of scenarios.entries()) {
      // Step 3 struck, and earlier steps too (faults a
      // dropped step must take along).
      if (
        s.plan.length !== 3 ||
        !s.faults.some((f) => f.step === 's3') ||
        !s.faults.some((f) => f.step === 's1' || f.step === 's2')
      )
        continue
      const steps = await failingSteps(s)
      if (steps.size !== 1 || !steps.has(s.plan[2]!.stepId)) continue
      if ((await failingSteps(thirdAlone(s))).size === 0) continue // the bug needs what came before
      found = { index, scenario: s }
      break
    }
    expect(
      found,
      `no run of seed ${SEED} fails in step 3 alone of a 3-step plan with faults on the steps before it`,
    ).not.toBeNull()
    const { index, scenario } = found!
    console.log(
      `run ${index + 1}: ${scenario.plan.map((p) => p.tool).join(', ')}; ${scenario.faults.length} faults, ${scenario.faults.filter((f) => f.step === 's1' || f.step === 's2').length} of them on steps 1 and 2`,
    )

    const c = await shrink(timeoutAsFailure, arbitrary, SEED, index, catches)
    expect(c.reproduced).toBe(true)
    expect(c.scenario.plan).toHaveLength(1)
    expect(c.scenario.faults.every((f) => f.step === 's1' || f.step === '#abort')).toBe(true)
    expect(c.scenario.faults.length).toBeLessThan(scenario.faults.length)
    expect(c.violations.map((v) => v.judge)).toContain(catches)
  }, 120_000)
})

describe('shrink, under a profile beyond the vendors', () => {
  // fast-check keeps a campaign's profile fixed:
  // the shrink drops each feature the failure
  // does without, so a default gate replays it.
  const arbitrary = scenarioArbitrary({ profile: PROFILE_FEATURES })

  async function firstFailing(): Promise<number> {
    for (const [index, s] of campaignScenarios(arbitrary, SEED, RUNS).entries())
      if ((await failingSteps(s)).size > 0) return index
    throw new Error(`no run of seed ${SEED} fails ${catches} under the hostile profile`)
  }

  it('drops every feature a vendor-faithful failure does without', async () => {
    const index = await firstFailing()
    console.log(`hostile shrink: seed ${SEED}, run ${index + 1} (replay: FAULTLINE_SEED=${SEED})`)
    const c = await shrink(timeoutAsFailure, arbitrary, SEED, index, catches)
    expect(c.reproduced).toBe(true)
    expect(c.scenario).not.toHaveProperty('profile')
    expect(c.violations.map((v) => v.judge)).toContain(catches)
    expect(judge(c.history!).violations.map((v) => v.judge)).toContain(catches)
  }, 120_000)

  it('cut while dropping features: partly shrunk, marked cut, the features not yet tried kept', async () => {
    const index = await firstFailing()
    const stop = new AbortController()
    const c = await shrink(timeoutAsFailure, arbitrary, SEED, index, catches, undefined, {
      signal: stop.signal,
      keep: (s, _h, v) => {
        // The first candidate with a feature fewer.
        if ((s.profile ?? []).length < PROFILE_FEATURES.length) stop.abort()
        return v.some((x) => x.judge === catches)
      },
    })
    expect(c.cut).toBe(true)
    expect(c.scenario.name).toMatch(/^partly shrunk /)
    expect((c.scenario.profile ?? []).length).toBeGreaterThanOrEqual(PROFILE_FEATURES.length - 1)
  }, 120_000)

  it('keeps the features the failure needs', async () => {
    const index = await firstFailing()
    const c = await shrink(timeoutAsFailure, arbitrary, SEED, index, catches, undefined, {
      keep: (s, _h, v) => v.some((x) => x.judge === catches) && (s.profile ?? []).includes('deadline-forwarding'),
    })
    expect(c.reproduced).toBe(true)
    expect(c.scenario.profile).toEqual(['deadline-forwarding'])
  }, 120_000)

  it("a scenario with fewer features that passes alone: the whole profile's counterexample stands", async () => {
    const index = await firstFailing()
    // In the campaign's worker every drop still
    // fails; alone, only the whole profile does.
    const pooled = new InThreadRunService(timeoutAsFailure)
    const honest = new InThreadRunService(reference)
    const whole = (s: Scenario) => (s.profile ?? []).length === PROFILE_FEATURES.length
    const service: RunService = {
      executorName: pooled.executorName,
      concurrency: 1,
      run: (s, o) => pooled.run(s, o),
      runAlone: (s) => (whole(s) ? pooled : honest).run(s),
      close: async () => {},
    }
    try {
      const c = await shrink(service, arbitrary, SEED, index, catches, undefined, { alone: true })
      expect(c.reproduced).toBe(true)
      expect(c.scenario.profile).toEqual(PROFILE_FEATURES)
      expect(c.scenario.name).toMatch(/^minimal /)
      expect(judge(c.history!).violations.map((v) => v.judge)).toContain(catches)
    } finally {
      await honest.close()
      await pooled.close()
    }
  }, 120_000)
})

describe('a minimal counterexample, replayed alone', () => {
  it('that fails only after other runs in its worker did not reproduce: the state is named, not a scenario that passes', async () => {
    const { gate } = await import('../../../faultline/index.ts')
    const executor = new URL('../../fixtures/module-state/memo-by-order.ts', import.meta.url)
    const report = await gate({ executor, runs: 40, seed: 1, workers: 1, corpus: false })
    expect(report.passed).toBe(false)
    expect(report.counterexample?.judge).toBe('false-success')
    // Alone, in a fresh worker, the order is new.
    expect(report.counterexample?.reproduced).toBe(false)
    expect(report.counterexample?.scenario.name).toMatch(/did not reproduce/)
  }, 120_000)
})
