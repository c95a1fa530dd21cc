// Bug: A compensation is keyed by the moment of the abort rather than by the effect it compensates: when a crash interrupts the abort and the agent asks for it again, the correction e-mail goes out a second time under a new key.
// Caught by: duplicate-effect.
//
// Two conditions at once (on top of an abort after a confirmed e-mail): the executor crashes while
// compensating, after its correction was sent, and the abort is asked for again.
import type { JudgeName } from '../../harness/contract/names.ts'
import { idempotencyKey } from '../reference/idempotency-key.ts'
import { canonicalKey } from '../reference/operation-key.ts'
import { createReferenceExecutor, REFERENCE_POLICY } from '../reference/reference.ts'

export const catches: JudgeName = 'duplicate-effect'

export default createReferenceExecutor(
  {
    ...REFERENCE_POLICY,
    operationKey: (call, op) => (call.stepId.startsWith('compensate:') ? idempotencyKey(call.tool, op, call.runId, `${call.stepId}@${Date.now()}`) : canonicalKey(call, op)),
  },
  'compensation-keyed-per-abort',
)
