// One ask in loop mode, and what the loop
// told the model about it: the two things a
// framework's model and the judge exchange.
import type { Operation } from './operation.ts'

/** One ask: the tool call the model will make. */
export interface LoopAsk {
  /** The team's tool name. */
  readonly tool: string
  /** Bound to the tool's schema. */
  readonly args: Readonly<Record<string, unknown>>
  /** New per ask, as a model's are. */
  readonly toolCallId: string
  readonly operation: Operation
  /** Aborted at the turn's deadline. */
  readonly signal: AbortSignal
}

/** What the loop told the model about a call. */
export type LoopTold =
  /** A tool result, as the model read it. */
  | { readonly kind: 'result'; readonly tool: string; readonly value: unknown }
  /** A result marked as an error (tool-error, status error, isError). */
  | { readonly kind: 'error'; readonly tool: string; readonly text: string }
  /** The loop ended without telling the model. */
  | { readonly kind: 'nothing'; readonly reason: string }
