// Bug: On abort it compensates charges but leaves confirmed e-mails as they are ("an e-mail cannot be unsent"), so no correction follows an e-mail that announced what the abort undid.
// Caught by: uncompensated-effect.
//
// Two conditions at once: an e-mail confirmed before a later step of the plan fails, and an
// agent that aborts the run on that failure.
import type { JudgeName } from '../../harness/contract/names.ts'
import { reconcileFirst } from '../reference/compensation-rule.ts'
import { createReferenceExecutor, REFERENCE_POLICY } from '../reference/reference.ts'

export const catches: JudgeName = 'uncompensated-effect'

export default createReferenceExecutor(
  { ...REFERENCE_POLICY, compensation: async (intent, lookUp) => (intent.tool === 'send_email' ? { nothing: true } : reconcileFirst(intent, lookUp)) },
  'abort-skips-confirmed-emails',
)
