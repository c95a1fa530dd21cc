// Bug: On abort, UNKNOWN calls compensated blind.
// Caught by: phantom-compensation.
import type { JudgeName } from '../../harness/contract/names.ts'
import { createReferenceExecutor, REFERENCE_POLICY } from '../reference/reference.ts'

export const catches: JudgeName = 'phantom-compensation'

export default createReferenceExecutor(
  {
    ...REFERENCE_POLICY,
    compensation: async (intent) => {
      if (intent.status === 'SUCCEEDED' && intent.effect_id) return { effectId: intent.effect_id }
      // "It probably happened": compensated unseen.
      if (intent.status === 'PENDING' || intent.status === 'UNKNOWN') return { effectId: intent.key }
      return { nothing: true }
    },
  },
  'compensates-unknown-blindly',
)
