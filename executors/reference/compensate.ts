// Abort: compensate the run's effects, newest
// first, by the policy's rule. Each is a tool call
// of its own: own intent, key, deadline, probe.
import type { Envelope } from '../../harness/contract/envelope.ts'
import { callTool } from './call-tool.ts'
import type { ProcessState } from './process-state.ts'
import { lookUp } from './reconcile.ts'

export async function compensate(runId: string, deadline: number, state: ProcessState): Promise<Envelope[]> {
  const { log, adapters, policy } = state
  const out: Envelope[] = []
  for (const intent of log.forRun(runId)) {
    if (!intent.compensation || intent.step_id.startsWith('compensate:')) continue
    const adapter = adapters[intent.tool]!
    const decided = await policy.compensation(intent, async () => {
      const finding = await lookUp(state, adapter, intent, () => policy.budget.left(deadline))
      if ('found' in finding) log.mark(intent.key, 'SUCCEEDED', { effectId: finding.found })
      return finding
    })
    if ('humanReview' in decided) {
      out.push({
        status: 'UNKNOWN',
        retry_safe: false,
        effect: null,
        action_taken: 'human-review',
        message: `Could not tell whether ${intent.tool} ${intent.key} happened; left to a person.`,
      })
      continue
    }
    if ('nothing' in decided) continue
    const spec = JSON.parse(intent.compensation) as { tool: string; args: Record<string, unknown>; effectArg: string }
    const key = `compensate:${intent.key}`
    const args = { ...spec.args, [spec.effectArg]: decided.effectId }
    const done = await callTool({ runId, stepId: key, tool: spec.tool, args, deadline, toolCallId: key }, state)
    // A failed one excuses only the effect it names.
    out.push({ ...done, compensates: { type: adapter.effectType, id: decided.effectId } })
  }
  return out
}
