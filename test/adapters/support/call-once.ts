// One ask of refund_order straight through a
// framework, outside any run: what the adapter sees.
import type { Framework } from '../../../adapters/core/framework.ts'
import type { Operation } from '../../../faultline/index.ts'

/** The refund step's arguments, as the scenario's plan gives them. */
export const refundArgs = { order_id: 'ORD-1', payment_intent: 'pi_1', amount: 49.9, currency: 'eur' }

/** The operation an ask outside a run carries. */
export const operation: Operation = {
  runId: 'run-1',
  stepId: 's1',
  tool: 'refund_order',
  deadline: 1e13,
  identity: 'per-step',
}

export async function callOnce<Tools>(
  framework: Framework<Tools>,
  tools: Tools,
  args: Record<string, unknown> = refundArgs,
  signal = new AbortController().signal,
) {
  const opened = await framework.open(tools)
  return opened.call('refund_order', args, { toolCallId: 'call_1', signal, operation })
}
