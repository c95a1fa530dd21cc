// The operation's idempotency key, made once per
// operation. It is also the effect's client
// reference (probes find it by it) and the
// intent's key in the log.
import type { ToolCall } from '../../harness/contract/tool-call.ts'
import { idempotencyKey } from './idempotency-key.ts'

/** The key; `op` is the canonical identity. */
export type OperationKey = (call: ToolCall, op: object) => string

/** Tool, canonical op, run, step; never raw args. */
export const canonicalKey: OperationKey = (call, op) => idempotencyKey(call.tool, op, call.runId, call.stepId)
