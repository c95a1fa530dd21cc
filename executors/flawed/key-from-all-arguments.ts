// Bug: The key is hashed from the arguments as the model wrote them (49.9 vs "49.90", an added reason): a re-worded ask is a new operation.
// Caught by: duplicate-effect.
import type { JudgeName } from '../../harness/judge/finding.ts'
import { createReferenceExecutor, REFERENCE_POLICY } from '../reference/reference.ts'

export const catches: JudgeName = 'duplicate-effect'

export default createReferenceExecutor({ ...REFERENCE_POLICY, flaw: 'key-from-all-arguments' }, 'key-from-all-arguments')
