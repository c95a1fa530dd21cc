// A run's world opened and ended with no run
// in it: what a run's fixed cost spends on
// patching the thread (clock, randomness,
// guards, client shims) and putting it back.
import type { Executor } from '../harness/contract/executor.ts'
import { campaignScenarios } from '../harness/campaign/campaign-scenarios.ts'
import { World } from '../harness/run/world.ts'
import { realNow } from '../harness/sim/real-clock.ts'
import { InThreadRunService } from '../harness/supervisor/run-service.ts'
import { scenarioGenerator } from '../scenarios/arbitraries.ts'

/** Real ms a run, each step of a world's life. */
export interface WorldCost {
  readonly openMs: number
  readonly closeMs: number
  readonly disposeMs: number
}

/**
 * `runs` worlds of the campaign's scenarios, in
 * the thread as an in-thread campaign holds it
 * (a worker, whose guards stand, pays less).
 */
export async function worldCost(executor: Executor, runs: number, seed: number): Promise<WorldCost> {
  const scenarios = campaignScenarios(scenarioGenerator().arbitrary, seed, runs)
  const service = new InThreadRunService(executor)
  let open = 0
  let close = 0
  let dispose = 0
  try {
    for (const scenario of scenarios) {
      const t0 = realNow()
      const world = World.open(scenario, executor)
      const t1 = realNow()
      try {
        world.close()
      } finally {
        const t2 = realNow()
        world.dispose()
        dispose += realNow() - t2
        close += t2 - t1
      }
      open += t1 - t0
    }
  } finally {
    await service.close()
  }
  return { openMs: open / runs, closeMs: close / runs, disposeMs: dispose / runs }
}
