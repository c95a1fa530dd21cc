// Bug: A request that was sent but never answered is reported as SUCCEEDED.
// Caught by: false-success.
import type { JudgeName } from '../../harness/judge/finding.ts'
import { createReferenceExecutor, REFERENCE_POLICY } from '../reference/reference.ts'

export const catches: JudgeName = 'false-success'

export default createReferenceExecutor({ ...REFERENCE_POLICY, flaw: 'sent-as-success' }, 'sent-as-success')
