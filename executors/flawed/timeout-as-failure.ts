// Bug: A timeout is FAILED_NO_EFFECT, retry-safe.
// Caught by: false-failure.
import type { JudgeName } from '../../harness/contract/names.ts'
import { referenceMapping } from '../reference/exception-mapping.ts'
import { createReferenceExecutor, REFERENCE_POLICY } from '../reference/reference.ts'

export const catches: JudgeName = 'false-failure'

export default createReferenceExecutor(
  {
    ...REFERENCE_POLICY,
    // "It timed out, so it never got there."
    mapping: (observed) =>
      'error' in observed && observed.error instanceof Error && /Timeout|Abort/.test(observed.error.name)
        ? 'not-sent'
        : referenceMapping(observed),
  },
  'timeout-as-failure',
)
