// The envelope as zod: the report's history and
// the adapters' envelopeSchema share one shape.
import { z } from 'zod'
import { OUTCOME_STATUSES, type OutcomeStatus } from './envelope.ts'

/** An effect as its service named it. */
export const EFFECT_REF = z.strictObject({ type: z.string(), id: z.string() })

/** What callTool returns (abort's `compensates` aside). */
export const ENVELOPE_FIELDS = {
  status: z.enum(OUTCOME_STATUSES as [OutcomeStatus, ...OutcomeStatus[]]),
  retry_safe: z.boolean(),
  effect: EFFECT_REF.nullable(),
  action_taken: z.string(),
  message: z.string(),
}
