// Bug: A request sent but never answered: SUCCEEDED.
// Caught by: false-success.
import type { JudgeName } from '../../harness/contract/names.ts'
import { referenceMapping } from '../reference/exception-mapping.ts'
import { createReferenceExecutor, REFERENCE_POLICY } from '../reference/reference.ts'

export const catches: JudgeName = 'false-success'

export default createReferenceExecutor(
  {
    ...REFERENCE_POLICY,
    // "It was sent, so it was done."
    mapping: (observed) => {
      const c = referenceMapping(observed)
      return c === 'ambiguous' ? 'applied' : c
    },
  },
  'sent-as-success',
)
