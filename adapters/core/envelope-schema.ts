// faultline's envelope as a zod schema, for a
// tool's output schema: a tool returning it says
// its outcome itself, no classifier needed.
import { z } from 'zod'

const effect = z.strictObject({ type: z.string(), id: z.string() })

/** The three outcomes, as a tool may return them. */
export const envelopeSchema = z
  .strictObject({
    status: z.enum(['SUCCEEDED', 'FAILED_NO_EFFECT', 'UNKNOWN']),
    retry_safe: z.boolean(),
    effect: effect.nullable(),
    action_taken: z.string(),
    message: z.string(),
  })
  .refine((e) => e.status !== 'UNKNOWN' || !e.retry_safe, {
    message: 'an UNKNOWN outcome is never retry_safe',
    path: ['retry_safe'],
  })

export type ToolEnvelope = z.infer<typeof envelopeSchema>
