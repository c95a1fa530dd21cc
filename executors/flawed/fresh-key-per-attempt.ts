// Bug: Every send gets a fresh idempotency key, so the key protects nothing: a late original lands beside its resend.
// Caught by: duplicate-effect.
import type { JudgeName } from '../../harness/judge/finding.ts'
import { createReferenceExecutor, REFERENCE_POLICY } from '../reference/reference.ts'

export const catches: JudgeName = 'duplicate-effect'

export default createReferenceExecutor({ ...REFERENCE_POLICY, flaw: 'fresh-key-per-attempt' }, 'fresh-key-per-attempt')
