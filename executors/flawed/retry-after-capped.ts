// Bug: Retry-After is honoured only up to 10 s.
// Caught by: retry-before-retry-after.
// (as undici's RetryHandler caps it: maxTimeout)
// Needs a 429 asking for more than 10 s, and enough
// of the turn left to send again after the cap.
import type { JudgeName } from '../../harness/contract/names.ts'
import { createReferenceExecutor, REFERENCE_POLICY } from '../reference/reference.ts'

export const catches: JudgeName = 'retry-before-retry-after'

export default createReferenceExecutor(
  { ...REFERENCE_POLICY, retryAfter: (askedMs) => Math.min(askedMs, 10_000) },
  'retry-after-capped',
)
