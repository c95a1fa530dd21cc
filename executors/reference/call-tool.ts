// One tool call: key and prior state, then send,
// classify, reconcile and report.
import type { Envelope } from '../../harness/contract/envelope.ts'
import type { ToolCall } from '../../harness/contract/tool-call.ts'
import type { Ask } from './ask.ts'
import { priorState } from './prior-state.ts'
import type { ProcessState } from './process-state.ts'
import { reconcile } from './reconcile.ts'
import { rejected, unresolved } from './report.ts'
import { sendUntilSettled } from './send.ts'

export async function callTool(call: ToolCall, state: ProcessState): Promise<Envelope> {
  const adapter = state.adapters[call.tool]
  if (!adapter) return rejected('tool', `unknown tool ${call.tool}`, 'rejected')
  const canon = adapter.canonical(call.args)
  if (!canon.ok) return rejected(adapter.effectType, canon.problem, 'rejected-arguments')
  const key = state.policy.operationKey(call, canon.op)

  const prior = priorState(state, call, adapter, canon.op, key)
  if ('status' in prior) return prior
  const ask: Ask = { call, adapter, key, intent: prior.intent, state }

  if (prior.ambiguous && state.policy.reconciliation.lookBeforeResending(prior.intent)) {
    const next = await reconcile(ask)
    if (next !== 'resend') return next
    // Refused before, after a send that may have
    // landed: never resend (a permanent error stays
    // permanent); only a look can settle it.
    if (prior.intent.permanent)
      return unresolved(ask, 'the service refused a resend, and the first send cannot be found')
  }
  return sendUntilSettled(ask, prior.ambiguous)
}
