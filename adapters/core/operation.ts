// What an adapter hands a team's tool through the
// framework's context channel: the operation it is
// asked for, to derive idempotency keys from.
import type { IdentityPolicy } from '../../harness/contract/executor.ts'

/** The key the operation travels under in each channel. */
export const OPERATION_KEY = 'faultline'

/**
 * One logical operation. Every ask of it, after a
 * crash too, carries the same runId and stepId.
 */
export interface Operation {
  /** The agent run. */
  readonly runId: string
  /** The plan step; a per-run policy ignores it. */
  readonly stepId: string
  /** The team's tool name. */
  readonly tool: string
  /** The turn's deadline, epoch ms (compare with `Date.now()`). */
  readonly deadline: number
  /** How the campaign names operations. */
  readonly identity: IdentityPolicy
}

/**
 * The operation in a context channel's value (AI SDK
 * `context`, Agents `runContext.context`, MCP `_meta`,
 * LangChain `configurable`), or null outside faultline.
 */
export function operationOf(channel: unknown): Operation | null {
  const op = (channel as Record<string, unknown> | null | undefined)?.[OPERATION_KEY]
  if (typeof op !== 'object' || op === null) return null
  const { runId, stepId, tool, deadline, identity } = op as Record<string, unknown>
  if (typeof runId !== 'string' || typeof stepId !== 'string' || typeof deadline !== 'number') return null
  return {
    runId,
    stepId,
    tool: String(tool),
    deadline,
    identity: identity === 'per-run' ? 'per-run' : 'per-step',
  }
}

/**
 * A channel's value with `operation` under its
 * key; none at all (as in production) for null.
 */
export function channelWith(operation: Operation | null): { readonly [OPERATION_KEY]?: Operation } {
  return operation === null ? {} : { [OPERATION_KEY]: operation }
}
