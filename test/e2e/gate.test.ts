// The spine end to end: generated scenarios,
// injected faults, judges, shrinking.
import { describe, expect, it } from 'vitest'
import { naive } from '../../executors/naive.ts'
import { reference } from '../../executors/reference/reference.ts'
import { JUDGE_NAMES } from '../../harness/judge/finding.ts'
import { judge } from '../../harness/judge/verdict.ts'
import { runScenario } from '../../harness/run/runner.ts'
import { search } from '../../harness/campaign/search.ts'
import { scenarioGenerator } from '../../scenarios/arbitraries.ts'

const SEED = Number(process.env.FAULTLINE_SEED ?? 1)

describe('reference executor', () => {
  it('shows no violation over 1,000 generated runs with the whole fault catalogue, crashes included', async () => {
    console.log(`reference campaign: fast-check seed ${SEED} (replay: FAULTLINE_SEED=${SEED})`)
    const result = await search(reference, {
      runs: 1_000,
      seed: SEED,
      stopAtFirstFailure: true,
      generator: scenarioGenerator(),
    })
    if (result.counterexample) console.log(JSON.stringify(result.counterexample, null, 2))
    expect(result.counterexample).toBeNull()
    expect(result.summary.runs).toBe(1_000)
    for (const j of JUDGE_NAMES) expect(result.summary.violations[j]).toBe(0)
    // The campaign really struck: faults injected,
    // calls recovered.
    expect(result.summary.faults).toBeGreaterThan(500)
    expect(result.summary.recoveryMs.count).toBeGreaterThan(100)
  })
})

describe('naive executor', () => {
  it('is caught, and the counterexample is shrunk to at most 2 faults that still fail on replay', async () => {
    console.log(`naive gate: fast-check seed ${SEED}`)
    const result = await search(naive, {
      runs: 200,
      seed: SEED,
      stopAtFirstFailure: true,
      generator: scenarioGenerator({ spineOnly: true }),
    })
    const c = result.counterexample
    expect(c).not.toBeNull()
    expect(['duplicate-effect', 'false-failure']).toContain(c!.judge)
    expect(c!.scenario.faults.length).toBeLessThanOrEqual(2)
    expect(c!.scenario.faults.length).toBeGreaterThanOrEqual(1)
    expect(c!.scenario.plan).toHaveLength(1)
    // Replaying the minimal scenario: the same
    // violation, and the same history twice.
    const a = await runScenario(c!.scenario, naive)
    const b = await runScenario(c!.scenario, naive)
    expect(JSON.stringify(b.history)).toBe(JSON.stringify(a.history))
    expect(judge(a.history).violations.map((v) => v.judge)).toContain(c!.judge)
    // And the reference survives the same scenario.
    expect(judge((await runScenario(c!.scenario, reference)).history).violations).toEqual([])
  })
})

describe('shrinking', () => {
  it('keeps only the faults that matter: dropping any fault of the minimal counterexample makes it pass', async () => {
    // Faults only (an obedient model never asks twice),
    // so every violation needs a fault.
    const result = await search(naive, {
      runs: 300,
      seed: SEED + 100,
      stopAtFirstFailure: true,
      generator: scenarioGenerator({ spineOnly: true, maxFaultsPerStep: 2 }),
    })
    const c = result.counterexample!
    expect(c).not.toBeNull()
    console.log(
      `naive: ${c.scenario.faults.length} fault(s) left after ${c.shrinks} shrinks: ${c.scenario.faults.map((f) => f.kind).join(', ')}`,
    )
    expect(c.scenario.faults.length).toBeGreaterThanOrEqual(1)
    for (let i = 0; i < c.scenario.faults.length; i++) {
      const without = { ...c.scenario, faults: c.scenario.faults.filter((_, j) => j !== i) }
      const violations = judge((await runScenario(without, naive)).history).violations.filter(
        (v) => v.judge === c.judge,
      )
      expect(violations).toEqual([])
    }
  })

  it('with the whole catalogue, finds that the naive executor needs no fault at all to fail: a model that asks twice', async () => {
    const result = await search(naive, {
      runs: 300,
      seed: SEED + 100,
      stopAtFirstFailure: true,
      generator: scenarioGenerator(),
    })
    const c = result.counterexample!
    expect(c.scenario.faults.length).toBeLessThanOrEqual(2)
    if (c.scenario.faults.length === 0)
      expect(c.scenario.model.askAgainAfterSuccess || c.scenario.model.ignoresRetrySafe).toBe(true)
  })
})
