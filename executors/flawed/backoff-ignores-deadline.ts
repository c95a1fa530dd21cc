// Bug: A request that was not sent is retried with exponential backoff (2 s, 4 s, 8 s, 16 s), as a retry library would, but the pause is never cut to what is left of the turn: after a run of refusals it sleeps past the deadline.
// Caught by: returned-after-deadline.
//
// Two conditions at once: several sends of one step refused in a row (connection refused, DNS),
// and a turn that ends before the backoff does.
import type { JudgeName } from '../../harness/contract/names.ts'
import { createReferenceExecutor, REFERENCE_POLICY } from '../reference/reference.ts'

export const catches: JudgeName = 'returned-after-deadline'

export default createReferenceExecutor({ ...REFERENCE_POLICY, resend: { ...REFERENCE_POLICY.resend, backoffMs: (attempt) => 2_000 * 2 ** (attempt - 1) } }, 'backoff-ignores-deadline')
