// The prior-state step: what the intent log
// already knows. Done or refused before: say so.
// Else record the intent, and its compensation,
// before any send (rule 2).
import type { Envelope } from '../../harness/contract/envelope.ts'
import type { ToolCall } from '../../harness/contract/tool-call.ts'
import type { Intent } from './intent-log.ts'
import type { ProcessState } from './process-state.ts'
import { rejected, succeeded } from './report.ts'
import type { ToolAdapter } from './tools/tool-adapter.ts'

export interface Prior {
  readonly intent: Intent
  /** Left PENDING or UNKNOWN: a send may have landed. */
  readonly ambiguous: boolean
}

export function priorState(
  state: ProcessState,
  call: ToolCall,
  adapter: ToolAdapter<object>,
  op: object,
  key: string,
): Envelope | Prior {
  const { log } = state
  const what = adapter.effectType
  const prior = log.get(key)
  if (prior?.status === 'SUCCEEDED') return succeeded(what, prior.effect_id!, 'already-done')
  if (prior?.status === 'FAILED_NO_EFFECT' && prior.permanent)
    return rejected(what, `the service rejected this ${what} earlier`, 'already-rejected')
  if (!prior) {
    const compensation = adapter.compensation(op)
    const body = adapter.body(op, key, call.runId, call.stepId)
    return {
      intent: log.open(
        key,
        call.runId,
        call.stepId,
        call.tool,
        body,
        compensation ? JSON.stringify(compensation) : null,
      ),
      ambiguous: false,
    }
  }
  if (prior.status === 'FAILED_NO_EFFECT') log.mark(key, 'PENDING', { permanent: false }) // it certainly never landed: start over with the same key
  return { intent: prior, ambiguous: prior.status === 'PENDING' || prior.status === 'UNKNOWN' }
}
