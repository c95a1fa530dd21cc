// How the operation's idempotency key is made: once per operation, from the ask.
// The key is also the client reference the effect carries (probes find it by it)
// and the intent's key in the log.
import type { ToolCall } from '../../harness/contract/tool-call.ts'
import { idempotencyKey } from './idempotency-key.ts'

/** The key of the operation `call` asks for; `op` is its canonical identity (the tool adapter's `canonical`). */
export type OperationKey = (call: ToolCall, op: object) => string

/** The reference: the tool, its canonical identity, the run and the step — never the bytes the model wrote. */
export const canonicalKey: OperationKey = (call, op) => idempotencyKey(call.tool, op, call.runId, call.stepId)
