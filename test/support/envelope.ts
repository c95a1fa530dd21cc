// An envelope for tests whose executor does
// something else: it says, honestly, nothing.
import type { Envelope } from '../../harness/contract/envelope.ts'

export const NOTHING_DONE: Envelope = {
  status: 'FAILED_NO_EFFECT',
  retry_safe: false,
  effect: null,
  action_taken: 'none',
  message: 'no',
}
