// Bug: It reconciles with a single probe, sent at once, and takes a miss as proof of no effect: visibility lag defeats it.
// Caught by: false-failure.
import type { JudgeName } from '../../harness/judge/finding.ts'
import { createReferenceExecutor, REFERENCE_POLICY } from '../reference/reference.ts'

export const catches: JudgeName = 'false-failure'

export default createReferenceExecutor({ ...REFERENCE_POLICY, flaw: 'single-unspaced-probe' }, 'single-unspaced-probe')
