// One ask of one operation, as the steps of callTool see it.
import type { ToolCall } from '../../harness/contract/tool-call.ts'
import type { Intent } from './intent-log.ts'
import type { ProcessState } from './process-state.ts'
import type { ToolAdapter } from './tools/tool-adapter.ts'

export interface Ask {
  readonly call: ToolCall
  readonly adapter: ToolAdapter<object>
  /** One key: idempotency key, client reference, intent. */
  readonly key: string
  /** Its intent record as the ask began (or just opened). */
  readonly intent: Intent
  readonly state: ProcessState
}

/** Ms left for work in this ask's turn (the budget rule). */
export const left = (ask: Ask): number => ask.state.policy.budget.left(ask.call.deadline)
