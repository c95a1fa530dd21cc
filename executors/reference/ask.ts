// One ask of one operation, as the steps of callTool see it.
import type { ToolCall } from '../../harness/contract/tool-call.ts'
import type { Intent } from './intent-log.ts'
import type { ProcessState } from './process-state.ts'
import type { ToolAdapter } from './tools/tool-adapter.ts'

export interface Ask {
  readonly call: ToolCall
  readonly adapter: ToolAdapter<object>
  /** The operation's key: its idempotency key, its client reference, its intent's key. */
  readonly key: string
  /** Its intent record, as it stood when the ask began (or as just opened). */
  readonly intent: Intent
  readonly state: ProcessState
}

/** Milliseconds left for work in this ask's turn (the policy's budget rule). */
export const left = (ask: Ask): number => ask.state.policy.budget.left(ask.call.deadline)
