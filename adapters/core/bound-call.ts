// One ask of a plan step, as both modes start
// it: the team's tool it is bound to, its args
// and operation, and the turn's deadline as an
// abort signal (the frameworks pass tools none).
import type { Envelope } from '../../harness/contract/envelope.ts'
import type { IdentityPolicy } from '../../harness/contract/executor.ts'
import type { ToolCall } from '../../harness/contract/tool-call.ts'
import { type Binding, bindArgs, type FoundTool } from './binding.ts'
import type { Operation } from './operation.ts'

export interface BoundCall {
  /** The team's tool name. */
  readonly tool: string
  readonly args: Record<string, unknown>
  readonly operation: Operation
  /** Aborted at the turn's deadline. */
  readonly signal: AbortSignal
  /** Clear the deadline's timer. */
  done(): void
}

/** The bound call; an envelope if nothing is bound. */
export function boundCall(
  call: ToolCall,
  binding: Binding,
  tools: readonly FoundTool[],
  identity: IdentityPolicy,
): BoundCall | Envelope {
  const b = binding[call.tool]
  const tool = b && tools.find((t) => t.name === b.tool)
  if (!b || !tool)
    return {
      status: 'FAILED_NO_EFFECT',
      retry_safe: false,
      effect: null,
      action_taken: 'not-bound',
      message: `No tool is bound to ${call.tool}.`,
    }
  // First: a binding's map may throw.
  const args = bindArgs(b, call.args, tool.inputSchema)
  const controller = new AbortController()
  const timer = setTimeout(
    () => controller.abort(new DOMException("the turn's deadline passed", 'TimeoutError')),
    Math.max(0, call.deadline - Date.now()),
  )
  return {
    tool: b.tool,
    args,
    operation: { runId: call.runId, stepId: call.stepId, tool: b.tool, deadline: call.deadline, identity },
    signal: controller.signal,
    done: () => clearTimeout(timer),
  }
}

export function isBound(x: BoundCall | Envelope): x is BoundCall {
  return 'done' in x
}
