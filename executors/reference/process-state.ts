// What one reference process shares across calls.
import type { IntentLog } from './intent-log.ts'
import type { ReferencePolicy } from './policy.ts'
import type { ToolAdapter } from './tools/tool-adapter.ts'

export interface ProcessState {
  readonly policy: ReferencePolicy
  readonly log: IntentLog
  /** By tool name. */
  readonly adapters: Readonly<Record<string, ToolAdapter<object>>>
  /**
   * Retry-After per service (epoch ms): it holds back
   * every later request to it (README, judge table).
   */
  readonly waits: Map<string, number>
}
