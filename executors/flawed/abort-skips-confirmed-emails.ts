// Bug: On abort, confirmed e-mails go uncorrected.
// Caught by: uncompensated-effect.
// Needs an e-mail confirmed before a later step
// fails, and an agent that aborts on that failure.
import type { JudgeName } from '../../harness/contract/names.ts'
import { reconcileFirst } from '../reference/compensation-rule.ts'
import { createReferenceExecutor, REFERENCE_POLICY } from '../reference/reference.ts'

export const catches: JudgeName = 'uncompensated-effect'

export default createReferenceExecutor(
  {
    ...REFERENCE_POLICY,
    compensation: async (intent, lookUp) =>
      intent.tool === 'send_email' ? { nothing: true } : reconcileFirst(intent, lookUp),
  },
  'abort-skips-confirmed-emails',
)
