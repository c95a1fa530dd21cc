// Bug: After an ambiguous failure it resends at once under a new key instead of probing.
// Caught by: duplicate-effect.
import type { JudgeName } from '../../harness/judge/finding.ts'
import { createReferenceExecutor, REFERENCE_POLICY } from '../reference/reference.ts'

export const catches: JudgeName = 'duplicate-effect'

export default createReferenceExecutor({ ...REFERENCE_POLICY, flaw: 'new-key-after-unknown' }, 'new-key-after-unknown')
