// Bug: After a crash, the sweeper marks intents left PENDING as failed instead of probing: a refund that landed is reported as not done.
// Caught by: false-failure.
import type { JudgeName } from '../../harness/judge/finding.ts'
import { createReferenceExecutor, REFERENCE_POLICY } from '../reference/reference.ts'

export const catches: JudgeName = 'false-failure'

export default createReferenceExecutor({ ...REFERENCE_POLICY, flaw: 'sweeper-marks-failed' }, 'sweeper-marks-failed')
