// One scenario through an adapted executor, and the
// events the adapter tests read from its history.
import { type Executor, runScenario, type Scenario } from '../../../faultline/index.ts'
import { eventsOf } from '../../../harness/history/history.ts'

export async function runAdapted(scenario: Scenario, executor: Executor) {
  const { history } = await runScenario(scenario, executor)
  const reported = eventsOf(history, 'outcome-reported')
  return {
    history,
    /** The outcome-reported events, for their times. */
    reported,
    outcomes: reported.map((e) => e.envelope),
    faults: eventsOf(history, 'executor-fault'),
    effects: eventsOf(history, 'effect-applied'),
    /** The first call's id (`run/step`), or ''. */
    call: eventsOf(history, 'call-started')[0]?.call ?? '',
  }
}
