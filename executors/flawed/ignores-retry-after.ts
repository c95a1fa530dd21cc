// Bug: A 429 is retried soon, ignoring Retry-After.
// Caught by: retry-before-retry-after.
import type { JudgeName } from '../../harness/contract/names.ts'
import { createReferenceExecutor, REFERENCE_POLICY } from '../reference/reference.ts'

export const catches: JudgeName = 'retry-before-retry-after'

export default createReferenceExecutor({ ...REFERENCE_POLICY, retryAfter: () => 0 }, 'ignores-retry-after')
