// Shrinking runs a candidate once: a repeat (a
// structured clone of one already run) takes the
// clean outcome remembered, a death is run again,
// and the minimal scenario's history is the one a
// fresh run of it gives.
import { describe, expect, it } from 'vitest'
import timeoutAsFailure, { catches } from '../../../executors/flawed/timeout-as-failure.ts'
import { campaignScenarios } from '../../../harness/campaign/campaign-scenarios.ts'
import { shrink } from '../../../harness/campaign/shrink.ts'
import { ShrinkMemo } from '../../../harness/campaign/shrink-memo.ts'
import { judge } from '../../../harness/judge/verdict.ts'
import { runScenario } from '../../../harness/run/runner.ts'
import type { Scenario } from '../../../harness/scenario/scenario.ts'
import { asService, type RunOutcome, type RunService } from '../../../harness/supervisor/run-service.ts'
import { scenarioArbitrary } from '../../../scenarios/arbitraries.ts'

const SEED = Number(process.env.FAULTLINE_SEED ?? 1)

/** A service that counts each scenario it runs. */
function counting(inner: RunService, died = false) {
  const runs = new Map<string, number>()
  const service: RunService = {
    executorName: inner.executorName,
    concurrency: 1,
    async run(scenario, options): Promise<RunOutcome> {
      const key = JSON.stringify(scenario)
      runs.set(key, (runs.get(key) ?? 0) + 1)
      return { ...(await inner.run(scenario, options)), died }
    },
    close: () => inner.close(),
  }
  const total = () => [...runs.values()].reduce((a, b) => a + b, 0)
  return { service, runs, total }
}

describe('ShrinkMemo', () => {
  const arbitrary = scenarioArbitrary()
  const [scenario] = campaignScenarios(arbitrary, SEED, 1) as [Scenario]

  it('answers a clone of a clean run without running it', async () => {
    const c = counting(asService(timeoutAsFailure))
    const memo = new ShrinkMemo()
    const first = await memo.run(c.service, scenario, {})
    const again = await memo.run(c.service, structuredClone(scenario), {})
    expect(c.total()).toBe(1)
    expect(again).toBe(first)
    expect(memo.known(structuredClone(scenario))).toBe(first)
  })

  it('runs a death again, and tells apart what JSON would not (-0, undefined)', async () => {
    const dying = counting(asService(timeoutAsFailure), true)
    const memo = new ShrinkMemo()
    await memo.run(dying.service, scenario, {})
    await memo.run(dying.service, scenario, {})
    expect(dying.total()).toBe(2)
    expect(memo.known(scenario)).toBeUndefined()

    const c = counting(asService(timeoutAsFailure))
    const zero = { ...scenario, seed: 0 }
    await memo.run(c.service, zero, {})
    await memo.run(c.service, { ...zero, seed: -0 }, {})
    await memo.run(c.service, { ...zero, extra: undefined } as Scenario, {})
    expect(c.total()).toBe(3)
  })

  it('shrinks with each candidate run once, and a second shrink of the run from the memo alone', async () => {
    console.log(`shrink memo: seed ${SEED} (replay: FAULTLINE_SEED=${SEED})`)
    const scenarios = campaignScenarios(arbitrary, SEED, 200)
    let index = -1
    for (const [i, s] of scenarios.entries()) {
      const { history } = await runScenario(s, timeoutAsFailure)
      if (judge(history).violations.some((v) => v.judge === catches)) {
        index = i
        break
      }
    }
    expect(index, `no run of the first 200 fails ${catches}`).toBeGreaterThanOrEqual(0)
    const c = counting(asService(timeoutAsFailure))
    const memo = new ShrinkMemo()
    const first = await shrink(c.service, arbitrary, SEED, index, catches, undefined, { memo })
    expect(first.reproduced).toBe(true)
    expect(first.shrinks).toBeGreaterThan(0)
    expect(Math.max(...c.runs.values())).toBe(1)
    const ran = c.total()
    const second = await shrink(c.service, arbitrary, SEED, index, catches, undefined, { memo })
    expect(c.total()).toBe(ran)
    expect(second.scenario).toEqual(first.scenario)
    // Its history: as a fresh run of it, name and all.
    const fresh = await runScenario(first.scenario, timeoutAsFailure)
    expect(JSON.stringify(second.history)).toBe(JSON.stringify(fresh.history))
  })
})
