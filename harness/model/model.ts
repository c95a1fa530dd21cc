// The simulated agent: asks the executor for each
// step of a plan, and again when retry is safe (or,
// if disobedient, when not), maybe re-worded.
import type { ToolCall } from '../contract/tool-call.ts'
import { checkEnvelope, checkEnvelopes } from '../contract/validate.ts'
import type { HistoryRecorder } from '../history/history.ts'
import type { Scenario } from '../scenario/scenario.ts'
import type { ProcessControl } from './process-control.ts'
import { oneLine } from '../contract/one-line.ts'
import { abortCallOf } from '../history/call-ids.ts'
import type { VirtualClock } from '../sim/clock.ts'
import { uuidFrom, type Rng } from '../sim/random.ts'
import { regenerateArgs } from './regenerate.ts'

export interface ModelContext {
  readonly scenario: Scenario
  readonly runId: string
  readonly history: HistoryRecorder
  readonly rng: Rng
  readonly clock: VirtualClock
  readonly supervisor: ProcessControl
}

/**
 * The agent aborts: the executor
 * compensates in a turn of its own.
 */
async function abort(ctx: ModelContext, reason: string): Promise<void> {
  const { runId, history, supervisor } = ctx
  history.record({ type: 'abort-requested', run: runId, reason })
  for (let tries = 0; tries < MAX_ASKS_WITH_CRASHES; tries++) {
    supervisor.newTurn()
    let supported = true
    const result = await supervisor.within(abortCallOf(runId), (p) => {
      if (typeof p.abort !== 'function') {
        supported = false
        return Promise.resolve([])
      }
      return p.abort(runId, supervisor.deadline)
    })
    if (!result.ok && 'crashed' in result) {
      if (!(await supervisor.restart(result.crashed))) return
      continue
    }
    if (!result.ok) {
      history.record({
        type: 'executor-fault',
        call: abortCallOf(runId),
        problem: 'threw',
        message: oneLine(result.threw),
      })
      return
    }
    const checked = checkEnvelopes(result.value)
    if (!checked.ok) {
      history.record({
        type: 'executor-fault',
        call: abortCallOf(runId),
        problem: 'invalid-envelope',
        message: `abort(): ${checked.problem}`,
      })
      return
    }
    history.record({ type: 'abort-reported', run: runId, envelopes: checked.envelopes, supported })
    return
  }
}

/**
 * A bound on asks per step, crashes
 * included, so a plan always ends.
 */
const MAX_ASKS_WITH_CRASHES = 20

export async function runPlan(ctx: ModelContext): Promise<void> {
  const { scenario, runId, history, supervisor } = ctx
  const model = scenario.model
  for (const step of scenario.plan) {
    const call = `${runId}/${step.stepId}`
    let args = step.args
    let asks = 0 // answered asks; crashes do not count
    let askedAfterSuccess = false
    for (let ask = 1; ask <= MAX_ASKS_WITH_CRASHES; ask++) {
      history.record({ type: 'call-started', call, tool: step.tool, ask, args })
      const toolCallId = `call_${uuidFrom(ctx.rng).replaceAll('-', '').slice(0, 24)}`
      // Sealed: the executor's own copy cannot change the record.
      const toolCall: ToolCall = Object.freeze({
        runId,
        stepId: step.stepId,
        tool: step.tool,
        args: structuredClone(args),
        deadline: supervisor.deadline,
        toolCallId,
      })
      const result = await supervisor.within(call, (p) => p.callTool(toolCall))
      if (!result.ok && 'crashed' in result) {
        if (!(await supervisor.restart(result.crashed))) return
        // The resumed agent asks again, re-worded if told to.
        if (model.regenerateAfterCrash) args = regenerateArgs(args, ctx.rng)
        continue
      }
      if (!result.ok) {
        history.record({ type: 'executor-fault', call, problem: 'threw', message: oneLine(result.threw) })
        return
      }
      const checked = checkEnvelope(result.value)
      if (!checked.ok) {
        history.record({ type: 'executor-fault', call, problem: 'invalid-envelope', message: checked.problem })
        return
      }
      const envelope = checked.envelope
      history.record({ type: 'outcome-reported', call, ask, envelope })
      asks++
      const timeLeft = ctx.clock.now() < supervisor.deadline
      if (envelope.status === 'SUCCEEDED') {
        // Asks once more after a success: must not act twice.
        if (model.askAgainAfterSuccess && !askedAfterSuccess && timeLeft) {
          askedAfterSuccess = true
          args = model.regenerateArgs ? regenerateArgs(args, ctx.rng) : args
          continue
        }
        break
      }
      const allowed = envelope.retry_safe || model.ignoresRetrySafe === true
      if (!allowed || asks >= model.maxAsks || !timeLeft) {
        // The agent stops (and undoes, if the plan says so),
        // or goes on when the steps are independent tasks.
        if (scenario.abortOnFailure) await abort(ctx, `${call} ended ${envelope.status}`)
        else if (model.continueAfterFailure && timeLeft) break
        return
      }
      args = model.regenerateArgs ? regenerateArgs(args, ctx.rng) : args
    }
  }
}
