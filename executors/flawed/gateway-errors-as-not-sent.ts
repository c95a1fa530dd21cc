// Bug: A 502/503/504 is taken as never sent.
// Caught by: false-failure.
// Needs a 504 whose upstream finishes, and no
// later send of the step that gets an answer.
import type { JudgeName } from '../../harness/contract/names.ts'
import { referenceMapping } from '../reference/exception-mapping.ts'
import { createReferenceExecutor, REFERENCE_POLICY } from '../reference/reference.ts'

export const catches: JudgeName = 'false-failure'

export default createReferenceExecutor(
  {
    ...REFERENCE_POLICY,
    mapping: (observed) =>
      'response' in observed && observed.response.status >= 502 && observed.response.status <= 504
        ? 'not-sent'
        : referenceMapping(observed),
  },
  'gateway-errors-as-not-sent',
)
