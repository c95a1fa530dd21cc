// One scenario against the reference, read the way
// every vendor's tests read it: sends and probes,
// effects, the last envelope, the violations.
import { reference } from '../../../../../executors/reference/reference.ts'
import { eventsOf } from '../../../../../harness/history/history.ts'
import { judge } from '../../../../../harness/judge/verdict.ts'
import { runScenario } from '../../../../../harness/run/runner.ts'
import type { Scenario } from '../../../../../harness/scenario/scenario.ts'

export async function referenceRun(s: Scenario) {
  const { history } = await runScenario(s, reference)
  const sent = eventsOf(history, 'attempt-sent')
  const outcomes = eventsOf(history, 'outcome-reported')
  return {
    history,
    sends: sent.filter((e) => !e.probe),
    probes: sent.filter((e) => e.probe),
    effects: eventsOf(history, 'effect-applied'),
    outcomes,
    envelope: outcomes.at(-1)?.envelope,
    violations: judge(history).violations,
  }
}
