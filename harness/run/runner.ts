// The runner: a world, the executor, the plan, late
// requests landing; returns the frozen history. In
// the caller's thread: for trusted executors only.
import { leftWaiting } from './left-waiting.ts'
import { realNow } from '../sim/real-clock.ts'
import type { Executor } from '../contract/executor.ts'
import { oneLine } from '../contract/one-line.ts'
import { runPlan } from '../model/model.ts'
import { drive } from '../sim/drive.ts'
import { createRng } from '../sim/random.ts'
import type { History } from '../history/history.ts'
import type { Scenario } from '../scenario/scenario.ts'
import { World, type WorldOptions } from './world.ts'

export { SERVICE_URLS } from './world.ts'

/** How long past its deadline a turn may run before it is hung. */
export const HANG_GRACE_MS = 60_000
/** After the turn: how long held requests may still land. */
export const SETTLE_MS = 15 * 60_000
/** Caps timer firings while settling (a leaked interval). */
const SETTLE_MAX_STEPS = 5_000

export interface RunResult {
  readonly scenario: Scenario
  readonly executor: string
  readonly history: History
  /**
   * Real milliseconds the run took
   * (measured outside the sandbox).
   */
  readonly realMs: number
}

export async function runScenario(
  scenario: Scenario,
  executor: Executor,
  options: WorldOptions = {},
): Promise<RunResult> {
  const realStart = realNow()
  const world = World.open(scenario, executor, options)
  try {
    const { clock, history, processes } = world
    history.record({
      type: 'run-started',
      executor: world.executorName,
      scenario: world.scenario.name,
      seed: world.scenario.seed,
      deadline: world.scenario.turnBudgetMs,
      profile: [...(world.scenario.profile ?? [])],
    })

    // The turn: boot a process, then let
    // the model work through the plan.
    let done = false
    const turn = (async () => {
      if (!(await processes.start())) return
      await runPlan({
        scenario: world.scenario,
        runId: world.runId,
        history,
        rng: createRng(world.scenario.seed, 'model'),
        clock,
        supervisor: processes,
      })
    })().finally(() => (done = true))

    const outcome = await drive(
      clock,
      () => done || world.cutShort,
      () => processes.busyUntil + HANG_GRACE_MS,
      Infinity,
      world.work,
    )
    if (outcome.kind !== 'done') {
      const why =
        outcome.kind === 'stuck'
          ? `waits for something that can never happen (no timer pending)${leftWaiting(history.events)}`
          : `had not returned ${HANG_GRACE_MS / 1000}s after the turn's deadline`
      history.record({
        type: 'executor-fault',
        call: processes.inFlight,
        problem: 'hung',
        message: `the executor ${why}`,
      })
    }
    // The model's code is the harness's: a failure
    // surfaces here. A hung turn is left behind.
    if (done) await turn
    else void turn.catch(() => {})

    // Held requests may land after the turn: let them.
    if (!world.cutShort) {
      const settleUntil = clock.now() + SETTLE_MS
      // Quiet is the normal end here: real work in flight
      // is waited for, an idle open socket is not.
      await drive(
        clock,
        () => world.cutShort,
        () => settleUntil,
        SETTLE_MAX_STEPS,
        { ...world.work, openSockets: () => 0 },
      )
    }
    return {
      scenario: world.scenario,
      executor: world.executorName,
      history: world.close(),
      realMs: realNow() - realStart,
    }
  } catch (e) {
    // A builtin the executor changed broke the
    // harness's code: its finding, not exit 3.
    if (!world.builtinsChanged) throw e
    return {
      scenario: world.scenario,
      executor: world.executorName,
      history: world.close(`the run stopped there, the harness failing on it (${oneLine(e)})`),
      realMs: realNow() - realStart,
    }
  } finally {
    world.dispose()
  }
}
