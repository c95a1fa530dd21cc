// Bug: Backoff (2 s, 4 s, 8 s…) ignores the turn.
// Caught by: returned-after-deadline.
// Needs several refused sends of one step in a row,
// and a turn that ends before the backoff does.
import type { JudgeName } from '../../harness/contract/names.ts'
import { createReferenceExecutor, REFERENCE_POLICY } from '../reference/reference.ts'

export const catches: JudgeName = 'returned-after-deadline'

export default createReferenceExecutor(
  { ...REFERENCE_POLICY, resend: { ...REFERENCE_POLICY.resend, backoffMs: (attempt) => 2_000 * 2 ** (attempt - 1) } },
  'backoff-ignores-deadline',
)
