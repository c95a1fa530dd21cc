// The generator fitted to an executor's declaration:
// only the tools it offers; with a per-run identity,
// no two steps of a plan are the same operation.
// A campaign's runs are distinct runs.
import { describe, expect, it } from 'vitest'
import { campaignScenarios } from '../../harness/campaign/campaign-scenarios.ts'
import { TOOLS } from '../../harness/contract/tools.ts'
import type { PlanStep } from '../../harness/scenario/scenario.ts'
import { scenarioArbitrary } from '../../scenarios/arbitraries.ts'

const SEED = Number(process.env.FAULTLINE_SEED ?? 11)
const RUNS = 400

/** A step's operation as a per-run executor names it. */
const operation = (s: PlanStep) =>
  `${s.tool} ${JSON.stringify(TOOLS[s.tool]!.identity.map((f) => String(s.args[f]).toLowerCase()))}`

describe('scenarioArbitrary', () => {
  it('draws only the declared tools, and the same scenarios as before when every tool is declared', () => {
    console.log(`generator declaration: seed ${SEED} (replay: FAULTLINE_SEED=${SEED})`)
    const offered = campaignScenarios(scenarioArbitrary({ tools: ['issue_refund', 'send_email'] }), SEED, RUNS)
    const tools = new Set(offered.flatMap((s) => s.plan.map((p) => p.tool)))
    expect([...tools].sort()).toEqual(['issue_refund', 'send_email'])
    const before = campaignScenarios(scenarioArbitrary({}), SEED, RUNS)
    expect(before.some((s) => s.plan.some((p) => p.tool === 'charge_card'))).toBe(true)
    const all = campaignScenarios(scenarioArbitrary({ tools: Object.keys(TOOLS) }), SEED, RUNS)
    expect(JSON.stringify(all)).toBe(JSON.stringify(before))
  })

  it('never draws two steps of one operation for a per-run identity, as per-step plans do', () => {
    const repeats = (plan: readonly PlanStep[]) => new Set(plan.map(operation)).size < plan.length
    const perStep = campaignScenarios(scenarioArbitrary({}), SEED, RUNS)
    expect(perStep.some((s) => repeats(s.plan))).toBe(true)
    const perRun = campaignScenarios(scenarioArbitrary({ identity: 'per-run' }), SEED, RUNS)
    expect(perRun.filter((s) => repeats(s.plan)).map((s) => s.plan.map(operation))).toEqual([])
    // Faults still address real steps.
    for (const s of perRun)
      for (const f of s.faults) expect(f.step === '#abort' || s.plan.some((p) => p.stepId === f.step)).toBe(true)
  })

  // A run's id and its randomness come from its
  // seed: a repeat would hand one run another's
  // memo (a module-level cache keyed by runId).
  it('gives every run of a campaign a seed of its own (a biased draw repeated a fifth of them)', () => {
    for (const identity of ['per-step', 'per-run'] as const) {
      const seeds = campaignScenarios(scenarioArbitrary({ identity }), SEED, 2_000).map((s) => s.seed)
      expect(seeds.length - new Set(seeds).size).toBe(0)
    }
  })
})
