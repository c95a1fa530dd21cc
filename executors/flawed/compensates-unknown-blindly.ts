// Bug: On abort it compensates an UNKNOWN call without reconciling it first: a correction for an e-mail that was never sent.
// Caught by: phantom-compensation.
import type { JudgeName } from '../../harness/contract/names.ts'
import { createReferenceExecutor, REFERENCE_POLICY } from '../reference/reference.ts'

export const catches: JudgeName = 'phantom-compensation'

export default createReferenceExecutor(
  {
    ...REFERENCE_POLICY,
    compensation: async (intent) => {
      if (intent.status === 'SUCCEEDED' && intent.effect_id) return { effectId: intent.effect_id }
      // "It probably happened": compensate what it would have been, without looking.
      if (intent.status === 'PENDING' || intent.status === 'UNKNOWN') return { effectId: intent.key }
      return { nothing: true }
    },
  },
  'compensates-unknown-blindly',
)
