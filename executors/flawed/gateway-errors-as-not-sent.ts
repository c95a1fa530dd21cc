// Bug: A 502, 503 or 504 is taken to mean the request never reached the service, as many retry policies assume: it is resent after a backoff, and reported FAILED_NO_EFFECT when no resend gets through — though the upstream behind a gateway's 504 may still finish the first.
// Caught by: false-failure.
//
// Two conditions at once: a gateway 504 whose upstream finishes, and no later send of the step
// that gets an answer (too little of the turn left after the 504, or the resends refused).
import type { JudgeName } from '../../harness/contract/names.ts'
import { referenceMapping } from '../reference/exception-mapping.ts'
import { createReferenceExecutor, REFERENCE_POLICY } from '../reference/reference.ts'

export const catches: JudgeName = 'false-failure'

export default createReferenceExecutor(
  {
    ...REFERENCE_POLICY,
    mapping: (observed) => ('response' in observed && observed.response.status >= 502 && observed.response.status <= 504 ? 'not-sent' : referenceMapping(observed)),
  },
  'gateway-errors-as-not-sent',
)
