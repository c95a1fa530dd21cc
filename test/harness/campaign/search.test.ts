// Scenarios are drawn as workers come free, yet are
// exactly the runner's sequence for the seed, at
// any concurrency; a harness failure in a run ends
// the campaign with that error, not a shrink.
import { describe, expect, it } from 'vitest'
import { search } from '../../../harness/campaign/search.ts'
import { campaignScenarios } from '../../../harness/campaign/campaign-scenarios.ts'
import { asService, type RunService, type RunOutcome } from '../../../harness/supervisor/run-service.ts'
import { naive } from '../../../executors/naive.ts'
import type { Scenario } from '../../../harness/scenario/scenario.ts'
import { scenarioGenerator } from '../../../scenarios/arbitraries.ts'

const SEED = Number(process.env.FAULTLINE_SEED ?? 11)

/**
 * A run service that runs nothing: it records what it
 * gets and answers an empty history, `concurrency` at
 * a time, queueing the rest as a pool does.
 */
function recorder(concurrency: number, fail?: (s: Scenario) => Error | null) {
  const given: Scenario[] = []
  let held = 0
  let maxHeld = 0
  let busy = 0
  let maxBusy = 0
  const waiting: (() => void)[] = []
  const service: RunService = {
    executorName: 'recorder',
    concurrency,
    async run(scenario): Promise<RunOutcome> {
      given.push(scenario)
      maxHeld = Math.max(maxHeld, ++held)
      if (busy >= concurrency) await new Promise<void>((r) => waiting.push(r))
      maxBusy = Math.max(maxBusy, ++busy)
      await new Promise((r) => setTimeout(r, 1))
      busy--
      held--
      waiting.shift()?.()
      const error = fail?.(scenario)
      if (error) throw error
      return { history: Object.freeze([]), realMs: 1, overran: false, died: false }
    },
    async close() {},
  }
  return { service, given, maxBusy: () => maxBusy, maxHeld: () => maxHeld }
}

describe('search drawing', () => {
  it("runs exactly the runner's scenarios for the seed, in order of drawing, at the service's concurrency with one queued for each", async () => {
    console.log(`search drawing: seed ${SEED} (replay: FAULTLINE_SEED=${SEED})`)
    const generator = scenarioGenerator()
    const expected = campaignScenarios(generator.arbitrary, SEED, 40)
    for (const concurrency of [1, 3]) {
      const r = recorder(concurrency)
      const result = await search(r.service, { runs: 40, seed: SEED, stopAtFirstFailure: true, generator })
      expect(JSON.stringify(r.given)).toBe(JSON.stringify(expected))
      expect(result.summary.runs).toBe(40)
      expect(r.maxBusy()).toBe(concurrency)
      // One waits for each worker, so a worker that
      // finishes never waits for the judge.
      expect(r.maxHeld()).toBe(concurrency * 2)
    }
  })

  it('runs scenarios drawn already when they hold every run, at the same pace; draws its own when short', async () => {
    const generator = scenarioGenerator()
    // Another seed's: what ran is told apart.
    const other = campaignScenarios(generator.arbitrary, SEED + 1, 40)
    const r = recorder(2)
    const result = await search(r.service, { runs: 30, seed: SEED, stopAtFirstFailure: true, generator, drawn: other })
    expect(JSON.stringify(r.given)).toBe(JSON.stringify(other.slice(0, 30)))
    expect(result.summary.runs).toBe(30)
    expect(r.maxBusy()).toBe(2)
    expect(r.maxHeld()).toBe(4)
    const short = recorder(2)
    await search(short.service, { runs: 41, seed: SEED, stopAtFirstFailure: true, generator, drawn: other })
    expect(JSON.stringify(short.given)).toBe(JSON.stringify(campaignScenarios(generator.arbitrary, SEED, 41)))
  })

  it("ends with the harness's own failure, after the runs in flight, without shrinking", async () => {
    const generator = scenarioGenerator()
    let n = 0
    const r = recorder(2, () => (++n === 5 ? new Error('the harness broke') : null))
    await expect(search(r.service, { runs: 40, seed: SEED, stopAtFirstFailure: false, generator })).rejects.toThrow(
      'the harness broke',
    )
    // The fifth, and the three lanes in flight
    // beside it (two workers, one waiting each).
    expect(r.given.length).toBeLessThanOrEqual(8)
  })

  it('shrinks with a candidate waiting for each worker: two violation classes shrink at once on one', async () => {
    const inner = asService(naive)
    let held = 0
    let maxHeldShrinking = 0
    let shrinking = false
    const service: RunService = {
      executorName: inner.executorName,
      concurrency: 1,
      async run(scenario, options) {
        held++
        if (shrinking) maxHeldShrinking = Math.max(maxHeldShrinking, held)
        try {
          return await inner.run(scenario, options)
        } finally {
          held--
        }
      },
      close: () => inner.close(),
    }
    const generator = scenarioGenerator()
    const result = await search(service, {
      runs: 60,
      seed: SEED,
      stopAtFirstFailure: false,
      shrinkEach: true,
      generator,
      onShrink: () => {
        shrinking = true
      },
    })
    expect(result.counterexamples.length).toBeGreaterThanOrEqual(2)
    // One runs, the next waits: never more.
    expect(maxHeldShrinking).toBe(2)
  })
})
