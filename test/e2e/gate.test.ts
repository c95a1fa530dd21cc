// The spine end to end: generated scenarios, injected faults, judges, shrinking.
import { describe, expect, it } from 'vitest'
import { naive } from '../../executors/naive.ts'
import { reference } from '../../executors/reference/reference.ts'
import { JUDGE_NAMES } from '../../harness/judge/finding.ts'
import { judge } from '../../harness/judge/verdict.ts'
import { runScenario } from '../../harness/run/runner.ts'
import { search } from '../../harness/run/search.ts'
import { scenarioArbitrary } from '../../scenarios/arbitraries.ts'

const SEED = Number(process.env.FAULTLINE_SEED ?? 1)

describe('reference executor', () => {
  it('shows no violation over 1,000 generated runs', async () => {
    console.log(`reference campaign: fast-check seed ${SEED} (replay: FAULTLINE_SEED=${SEED})`)
    const result = await search(reference, { runs: 1_000, seed: SEED, stopAtFirstFailure: true })
    if (result.counterexample) console.log(JSON.stringify(result.counterexample, null, 2))
    expect(result.counterexample).toBeNull()
    expect(result.summary.runs).toBe(1_000)
    for (const j of JUDGE_NAMES) expect(result.summary.violations[j]).toBe(0)
    // The campaign really did strike: faults were injected and calls recovered.
    expect(result.summary.faults).toBeGreaterThan(500)
    expect(result.summary.recoveryMs.count).toBeGreaterThan(100)
  })
})

describe('naive executor', () => {
  it('is caught, and the counterexample is shrunk to at most 2 faults that still fail on replay', async () => {
    console.log(`naive gate: fast-check seed ${SEED}`)
    const result = await search(naive, { runs: 200, seed: SEED, stopAtFirstFailure: true, arbitrary: scenarioArbitrary({ spineOnly: true }) })
    const c = result.counterexample
    expect(c).not.toBeNull()
    expect(['duplicate-effect', 'false-failure']).toContain(c!.judge)
    expect(c!.scenario.faults.length).toBeLessThanOrEqual(2)
    expect(c!.scenario.faults.length).toBeGreaterThanOrEqual(1)
    expect(c!.scenario.plan).toHaveLength(1)
    // Replaying the minimal scenario shows the same violation, and the same history twice.
    const a = await runScenario(c!.scenario, naive)
    const b = await runScenario(c!.scenario, naive)
    expect(JSON.stringify(b.history)).toBe(JSON.stringify(a.history))
    expect(judge(a.history).violations.map((v) => v.judge)).toContain(c!.judge)
    // And the reference executor survives the same minimal scenario.
    expect(judge((await runScenario(c!.scenario, reference)).history).violations).toEqual([])
  })
})
