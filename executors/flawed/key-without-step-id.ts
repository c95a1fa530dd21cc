// Bug: The key leaves out the step id.
// Caught by: false-success.
// Two equal refunds in one run collapse into one.
import type { JudgeName } from '../../harness/contract/names.ts'
import { idempotencyKey } from '../reference/idempotency-key.ts'
import { createReferenceExecutor, REFERENCE_POLICY } from '../reference/reference.ts'

export const catches: JudgeName = 'false-success'

export default createReferenceExecutor(
  { ...REFERENCE_POLICY, operationKey: (call, op) => idempotencyKey(call.tool, op, call.runId, '') },
  'key-without-step-id',
)
