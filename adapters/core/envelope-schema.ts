// faultline's envelope as a zod schema, for a
// tool's output schema: a tool returning it says
// its outcome itself, no classifier needed.
import { z } from 'zod'
import { ENVELOPE_FIELDS } from '../../harness/contract/envelope-schema.ts'

/** The three outcomes, as a tool may return them. */
export const envelopeSchema = z.strictObject(ENVELOPE_FIELDS).refine((e) => e.status !== 'UNKNOWN' || !e.retry_safe, {
  message: 'an UNKNOWN outcome is never retry_safe',
  path: ['retry_safe'],
})

export type ToolEnvelope = z.infer<typeof envelopeSchema>
