// Bug: A 400/422 validation error is retried with the same request.
// Caught by: permanent-error-retried.
import type { JudgeName } from '../../harness/judge/finding.ts'
import { createReferenceExecutor, REFERENCE_POLICY } from '../reference/reference.ts'

export const catches: JudgeName = 'permanent-error-retried'

export default createReferenceExecutor({ ...REFERENCE_POLICY, flaw: 'retries-permanent-errors' }, 'retries-permanent-errors')
