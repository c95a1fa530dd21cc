// One ask of an operation, as callTool sees it.
import type { ToolCall } from '../../harness/contract/tool-call.ts'
import type { Intent } from './intent-log.ts'
import type { ProcessState } from './process-state.ts'
import type { ToolAdapter } from './tools/tool-adapter.ts'

export interface Ask {
  readonly call: ToolCall
  readonly adapter: ToolAdapter<object>
  /** Idempotency key, client reference, intent key. */
  readonly key: string
  /** Its intent as the ask began (or just opened). */
  readonly intent: Intent
  readonly state: ProcessState
}

/** Ms left for work in this ask's turn. */
export const left = (ask: Ask): number => ask.state.policy.budget.left(ask.call.deadline)
