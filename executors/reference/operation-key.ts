// The operation's idempotency key, made once per operation.
// It is also the effect's client reference (probes find it
// by it) and the intent's key in the log.
import type { ToolCall } from '../../harness/contract/tool-call.ts'
import { idempotencyKey } from './idempotency-key.ts'

/** `call`'s operation key; `op`: its canonical identity. */
export type OperationKey = (call: ToolCall, op: object) => string

/** From tool, canonical op, run and step; never raw args. */
export const canonicalKey: OperationKey = (call, op) => idempotencyKey(call.tool, op, call.runId, call.stepId)
