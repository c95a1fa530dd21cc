import { scenarioGenerator } from '../../../scenarios/arbitraries.ts'
import { describe, expect, it } from 'vitest'
import { ZOO } from '../../../executors/flawed/index.ts'
import { naive } from '../../../executors/naive.ts'
import { reference } from '../../../executors/reference/reference.ts'
import { JUDGE_NAMES } from '../../../harness/judge/finding.ts'
import { compare } from '../../../harness/campaign/compare.ts'
import { renderCompare } from '../../../reports/text.ts'
import { compareReport } from '../../../harness/campaign/report.ts'

describe('compare', () => {
  it('runs the same scenarios against each executor: the reference clean with full pass^k, the others caught with a counterexample per class', async () => {
    const keyFromModel = ZOO.find((m) => m.executor.name === 'key-from-the-model')!.executor
    const rows = await compare([reference, naive, keyFromModel], { runs: 150, seed: 3, k: 3, passKScenarios: 20, generator: scenarioGenerator() })
    const [ref, nai, kfm] = rows
    // The same scenarios: same requests would differ, but the run count and the seeds are the same.
    expect(rows.map((r) => r.summary.runs)).toEqual([150, 150, 150])
    for (const j of JUDGE_NAMES) expect(ref!.summary.violations[j]).toBe(0)
    expect(ref!.passK).toMatchObject({ k: 3, scenarios: 20, passed: 20, rate: 1 })
    expect(ref!.counterexamples).toEqual([])
    expect(nai!.summary.failingRuns).toBeGreaterThan(0)
    expect(nai!.passK.rate).toBeLessThan(1)
    // One minimal counterexample per violation class found, each showing that class.
    const classes = JUDGE_NAMES.filter((j) => nai!.summary.violations[j] > 0)
    expect(nai!.counterexamples.map((c) => c.judge).sort()).toEqual([...classes].sort())
    for (const c of nai!.counterexamples) expect(c.violations.map((v) => v.judge)).toContain(c.judge)
    expect(kfm!.summary.violations['duplicate-effect']).toBeGreaterThan(0)
    const campaign = { seed: 3, runs: 150, profile: 'vendor', faultline: 'test', corpus: null, shard: null, k: 3, passKScenarios: 20 }
    const report = compareReport(campaign, rows.map((row) => ({ executor: { spec: row.summary.executor, name: row.summary.executor }, row })), { cwd: '.', corpus: null, replayPrefix: 'faultline' })
    const text = renderCompare(report)
    expect(text).toContain('pass^3')
    expect(text.indexOf('reference')).toBeLessThan(text.indexOf('naive')) // ranked: fewest failing runs first
  })
})
