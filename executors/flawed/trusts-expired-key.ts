// Bug: On a later ask of an operation that may have landed it resends with the same key without looking, trusting the key even after the service's 24 h retention.
// Caught by: duplicate-effect.
import type { JudgeName } from '../../harness/contract/names.ts'
import { createReferenceExecutor, REFERENCE_POLICY } from '../reference/reference.ts'

export const catches: JudgeName = 'duplicate-effect'

// "The key makes a resend safe": so it resends without looking, however old the key.
export default createReferenceExecutor({ ...REFERENCE_POLICY, reconciliation: { ...REFERENCE_POLICY.reconciliation, lookBeforeResending: () => false } }, 'trusts-expired-key')
