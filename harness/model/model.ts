// The simulated model (the agent): runs a plan inside one turn, asks the
// executor for each step, and asks again when — and only when — the envelope
// says a retry is safe. Re-asks may re-word the arguments.
import { checkEnvelope } from '../contract/validate.ts'
import type { ExecutorProcess } from '../contract/executor.ts'
import type { HistoryRecorder } from '../run/history.ts'
import type { Scenario } from '../run/scenario.ts'
import { runInCall } from '../sim/attribution.ts'
import type { Rng } from '../sim/random.ts'
import { regenerateArgs } from './regenerate.ts'

export interface ModelContext {
  readonly scenario: Scenario
  readonly runId: string
  /** Epoch ms of the turn's end. */
  readonly deadline: number
  readonly history: HistoryRecorder
  readonly rng: Rng
  readonly now: () => number
  /** Told which call is in progress, so the runner can name a hung one. */
  readonly onCall: (call: string | null) => void
}

export async function runPlan(process: ExecutorProcess, ctx: ModelContext): Promise<void> {
  const { scenario, runId, deadline, history } = ctx
  for (const step of scenario.plan) {
    const call = `${runId}/${step.stepId}`
    let args = step.args
    for (let ask = 1; ; ask++) {
      history.record({ type: 'call-started', call, tool: step.tool, ask, args })
      ctx.onCall(call)
      let raw: unknown
      try {
        raw = await runInCall({ call }, () => process.callTool({ runId, stepId: step.stepId, tool: step.tool, args, deadline }))
      } catch (e) {
        history.record({ type: 'executor-fault', call, problem: 'threw', message: oneLine(e) })
        return
      } finally {
        ctx.onCall(null)
      }
      const checked = checkEnvelope(raw)
      if (!checked.ok) {
        history.record({ type: 'executor-fault', call, problem: 'invalid-envelope', message: checked.problem })
        return
      }
      const envelope = checked.envelope
      history.record({ type: 'outcome-reported', call, ask, envelope })
      if (envelope.status === 'SUCCEEDED') break
      const mayRetry = envelope.retry_safe && ask < scenario.model.maxAsks && ctx.now() < deadline
      if (!mayRetry) return // the agent stops the plan and tells the user
      args = scenario.model.regenerateArgs ? regenerateArgs(args, ctx.rng) : args
    }
  }
}

function oneLine(e: unknown): string {
  const s = e instanceof Error ? `${e.name}: ${e.message}` : String(e)
  return s.split('\n')[0]!.slice(0, 300)
}
