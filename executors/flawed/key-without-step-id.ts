// Bug: The key leaves out the step id: two legitimate refunds of the same amount collapse into one, and the second is reported done.
// Caught by: false-success.
import type { JudgeName } from '../../harness/contract/names.ts'
import { idempotencyKey } from '../reference/idempotency-key.ts'
import { createReferenceExecutor, REFERENCE_POLICY } from '../reference/reference.ts'

export const catches: JudgeName = 'false-success'

export default createReferenceExecutor({ ...REFERENCE_POLICY, operationKey: (call, op) => idempotencyKey(call.tool, op, call.runId, '') }, 'key-without-step-id')
