// Bug: Retry-After is honoured only up to 10 s (a client's maximum backoff, as undici's RetryHandler caps it by its maxTimeout): a service that asks for a longer pause gets the request again before it is over.
// Caught by: retry-before-retry-after.
//
// Two conditions at once: a service that asks for a pause longer than the cap (Resend's 429 carries
// Retry-After), and enough of the turn left to send again once the cap is over.
import type { JudgeName } from '../../harness/contract/names.ts'
import { createReferenceExecutor, REFERENCE_POLICY } from '../reference/reference.ts'

export const catches: JudgeName = 'retry-before-retry-after'

export default createReferenceExecutor({ ...REFERENCE_POLICY, retryAfter: (askedMs) => Math.min(askedMs, 10_000) }, 'retry-after-capped')
