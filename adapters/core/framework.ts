// What each framework's adapter supplies: its
// tools opened for one process, each called
// through the framework's own execute path.
import type { ToolContract } from '../../harness/contract/executor.ts'
import type { FoundTool } from './binding.ts'
import type { ToolObservation } from './classifier.ts'
import type { Operation } from './operation.ts'

/** What one ask hands the framework. */
export interface CallContext {
  /** The model's per-ask id: never the operation's name. */
  readonly toolCallId: string
  /** Aborted at the turn's deadline. */
  readonly signal: AbortSignal
  /** null: none in the channel (`passOperation: false`). */
  readonly operation: Operation | null
}

export interface OpenedTool extends FoundTool {
  /** What it declares (MCP annotations), if anything. */
  readonly contract?: ToolContract
}

/** A team's tools, ready to be called. */
export interface OpenedTools {
  readonly tools: readonly OpenedTool[]
  call(name: string, args: Record<string, unknown>, ctx: CallContext): Promise<ToolObservation>
  /** Let go of what open() took (an MCP connection). */
  close?(): Promise<void>
}

/** One framework: how to find and call a team's tools. */
export interface Framework<Tools> {
  /** The package a team installs, for messages. */
  readonly packageName: string
  open(tools: Tools): Promise<OpenedTools>
}
