// Bug: A timeout is reported as FAILED_NO_EFFECT (retry-safe), though the request may have landed.
// Caught by: false-failure.
import type { JudgeName } from '../../harness/judge/finding.ts'
import { createReferenceExecutor, REFERENCE_POLICY } from '../reference/reference.ts'

export const catches: JudgeName = 'false-failure'

export default createReferenceExecutor({ ...REFERENCE_POLICY, flaw: 'timeout-as-failure' }, 'timeout-as-failure')
