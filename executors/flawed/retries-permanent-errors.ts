// Bug: A 400/422 is retried as it was.
// Caught by: permanent-error-retried.
import type { JudgeName } from '../../harness/contract/names.ts'
import { referenceMapping } from '../reference/exception-mapping.ts'
import { createReferenceExecutor, REFERENCE_POLICY } from '../reference/reference.ts'

export const catches: JudgeName = 'permanent-error-retried'

export default createReferenceExecutor(
  {
    ...REFERENCE_POLICY,
    // A refusal read as "it never got there".
    mapping: (observed) => {
      const c = referenceMapping(observed)
      return c === 'rejected' ? 'not-sent' : c
    },
  },
  'retries-permanent-errors',
)
