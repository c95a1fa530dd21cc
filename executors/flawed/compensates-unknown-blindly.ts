// Bug: On abort it compensates an UNKNOWN call without reconciling it first: a correction for an e-mail that was never sent.
// Caught by: phantom-compensation.
import type { JudgeName } from '../../harness/judge/finding.ts'
import { createReferenceExecutor, REFERENCE_POLICY } from '../reference/reference.ts'

export const catches: JudgeName = 'phantom-compensation'

export default createReferenceExecutor({ ...REFERENCE_POLICY, flaw: 'compensates-unknown-blindly' }, 'compensates-unknown-blindly')
