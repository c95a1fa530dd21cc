// Bug: A fixed 8 s timeout, whatever is left.
// Caught by: returned-after-deadline.
import type { JudgeName } from '../../harness/contract/names.ts'
import { createReferenceExecutor, REFERENCE_POLICY } from '../reference/reference.ts'

export const catches: JudgeName = 'returned-after-deadline'

export default createReferenceExecutor(
  { ...REFERENCE_POLICY, budget: { ...REFERENCE_POLICY.budget, attemptTimeoutMs: () => 8_000 } },
  'fixed-timeout',
)
