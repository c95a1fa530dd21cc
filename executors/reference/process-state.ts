// What one booted process of the reference shares between its calls.
import type { IntentLog } from './intent-log.ts'
import type { ReferencePolicy } from './policy.ts'
import type { ToolAdapter } from './tools/tool-adapter.ts'

export interface ProcessState {
  readonly policy: ReferencePolicy
  readonly log: IntentLog
  /** By tool name. */
  readonly adapters: Readonly<Record<string, ToolAdapter<object>>>
  /**
   * Retry-After per service (epoch ms): the service that said it asked this process to send it
   * nothing before then — any operation, in any later ask (docs/judges.md).
   */
  readonly waits: Map<string, number>
}
