// Bug: The sweeper marks PENDING intents failed.
// Caught by: false-failure.
import type { JudgeName } from '../../harness/contract/names.ts'
import { createReferenceExecutor, REFERENCE_POLICY } from '../reference/reference.ts'

export const catches: JudgeName = 'false-failure'

export default createReferenceExecutor(
  {
    ...REFERENCE_POLICY,
    sweeper: async ({ log }) => {
      for (const intent of log.unresolved()) log.mark(intent.key, 'FAILED_NO_EFFECT', { permanent: true }) // stale, so it must have failed
    },
  },
  'sweeper-marks-failed',
)
