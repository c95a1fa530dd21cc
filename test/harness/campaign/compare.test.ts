import { scenarioGenerator } from '../../../scenarios/arbitraries.ts'
import { describe, expect, it } from 'vitest'
import { ZOO } from '../../../executors/flawed/index.ts'
import { naive } from '../../../executors/naive.ts'
import { reference } from '../../../executors/reference/reference.ts'
import { JUDGE_NAMES } from '../../../harness/judge/finding.ts'
import { compare, passK, passKOf } from '../../../harness/campaign/compare.ts'
import type { Executor } from '../../../harness/contract/executor.ts'
import { campaignScenarios } from '../../../harness/campaign/campaign-scenarios.ts'
import { renderCompare } from '../../../reports/text.ts'
import { asService, type RunService } from '../../../harness/supervisor/run-service.ts'
import { compareReport } from '../../../harness/campaign/report.ts'

describe('compare', () => {
  it('runs the same scenarios against each executor: the reference clean with full pass^k, the others caught with a counterexample per class', async () => {
    const keyFromModel = ZOO.find((m) => m.executor.name === 'key-from-the-model')!.executor
    const rows = await compare([reference, naive, keyFromModel], {
      runs: 150,
      seed: 3,
      k: 3,
      passKScenarios: 20,
      generator: scenarioGenerator(),
    })
    const [ref, nai, kfm] = rows
    // Same scenarios: run counts and seeds match
    // (request counts may differ).
    expect(rows.map((r) => r.summary.runs)).toEqual([150, 150, 150])
    for (const j of JUDGE_NAMES) expect(ref!.summary.violations[j]).toBe(0)
    expect(ref!.passK).toEqual({ k: 3, scenarios: 20, replays: 60, passed: 20, faulted: 0, rate: 1 })
    expect(ref!.counterexamples).toEqual([])
    expect(nai!.summary.failingRuns).toBeGreaterThan(0)
    expect(nai!.passK.rate).toBeLessThan(1)
    // A scenario stops at its first failing replay:
    // fewer than k replays each, never fewer than one.
    expect(nai!.passK.replays).toBeLessThan(60)
    expect(nai!.passK.replays).toBeGreaterThanOrEqual(20)
    expect(nai!.passK.replays).toBe(nai!.passKRuns.reduce((n, r) => n + r.replays, 0))
    // One minimal counterexample per violation class.
    const classes = JUDGE_NAMES.filter((j) => nai!.summary.violations[j] > 0)
    expect(nai!.counterexamples.map((c) => c.judge).sort()).toEqual([...classes].sort())
    for (const c of nai!.counterexamples) expect(c.violations.map((v) => v.judge)).toContain(c.judge)
    expect(kfm!.summary.violations['duplicate-effect']).toBeGreaterThan(0)
    const campaign = {
      seed: 3,
      runs: 150,
      profile: 'vendor',
      faultline: 'test',
      corpus: null,
      judges: null,
      shard: null,
      k: 3,
      passKScenarios: 20,
    }
    const report = compareReport(
      campaign,
      rows.map((row) => ({ executor: { spec: row.summary.executor, name: row.summary.executor }, row })),
      { cwd: '.', corpus: null, replayPrefix: 'faultline' },
    )
    const text = renderCompare(report)
    expect(text).toContain('pass^3')
    expect(text.indexOf('reference')).toBeLessThan(text.indexOf('naive')) // ranked: fewest failing runs first
  })

  it('pass^k is n/a over no scenario, and counts executor faults in their own column', async () => {
    expect(passKOf(3, [])).toEqual({ k: 3, scenarios: 0, replays: 0, passed: 0, faulted: 0, rate: null })
    const runs = [
      { index: 0, passed: true, replays: 3, faulted: false },
      { index: 1, passed: false, replays: 1, faulted: true },
      { index: 2, passed: false, replays: 2, faulted: false },
    ]
    expect(passKOf(3, runs)).toEqual({ k: 3, scenarios: 3, replays: 6, passed: 1, faulted: 1, rate: 1 / 3 })
    // It throws on every call: each scenario that calls
    // a tool is decided by a fault on its first replay.
    const thrower: Executor = {
      name: 'thrower',
      boot: async () => ({
        callTool: async () => {
          throw new Error('boom')
        },
      }),
    }
    const scenarios = campaignScenarios(scenarioGenerator().arbitrary, 5, 4)
    const p = await passK(thrower, scenarios, 3)
    expect(p).toMatchObject({ k: 3, scenarios: 4, passed: 0, faulted: 4, replays: 4, rate: 0 })
  })

  it("takes pass^k's first replay from the campaign's run of the same scenario: one run fewer per scenario, the same pass^k", async () => {
    const generator = scenarioGenerator()
    const options = { runs: 40, seed: 7, k: 3, passKScenarios: 10, generator }
    const sample = campaignScenarios(generator.arbitrary, 7, 10)
    for (const executor of [reference, naive]) {
      let ran = 0
      const inner = asService(executor)
      const counting: RunService = { ...inner, run: (s, o) => (ran++, inner.run(s, o)), close: () => inner.close() }
      const [row] = await compare([async () => counting], options)
      // Every replay run, as before: the same figures.
      expect(row!.passK).toEqual(await passK(executor, sample, 3))
      if (executor === reference) expect(ran).toBe(40 + 10 * (3 - 1))
    }
  })
})
