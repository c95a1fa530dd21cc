// Bug: Resends under the old key without looking.
// Caught by: duplicate-effect.
// Trusts the key even past its 24 h retention.
import type { JudgeName } from '../../harness/contract/names.ts'
import { createReferenceExecutor, REFERENCE_POLICY } from '../reference/reference.ts'

export const catches: JudgeName = 'duplicate-effect'

export default createReferenceExecutor(
  { ...REFERENCE_POLICY, reconciliation: { ...REFERENCE_POLICY.reconciliation, lookBeforeResending: () => false } },
  'trusts-expired-key',
)
