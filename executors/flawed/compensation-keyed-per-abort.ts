// Bug: Compensation keyed per abort, not effect.
// Caught by: duplicate-effect.
// Needs an abort after a confirmed e-mail, a
// crash after the correction, the abort re-asked.
import type { JudgeName } from '../../harness/contract/names.ts'
import { idempotencyKey } from '../reference/idempotency-key.ts'
import { canonicalKey } from '../reference/operation-key.ts'
import { createReferenceExecutor, REFERENCE_POLICY } from '../reference/reference.ts'

export const catches: JudgeName = 'duplicate-effect'

export default createReferenceExecutor(
  {
    ...REFERENCE_POLICY,
    operationKey: (call, op) =>
      call.stepId.startsWith('compensate:')
        ? idempotencyKey(call.tool, op, call.runId, `${call.stepId}@${Date.now()}`)
        : canonicalKey(call, op),
  },
  'compensation-keyed-per-abort',
)
