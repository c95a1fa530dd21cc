// How often and how soon a request certainly not sent is
// sent again.

export interface ResendRule {
  /** Sends of one operation per ask, the first included. */
  readonly maxSends: number
  /** Pause after unsent send `attempt` (also the 429 minimum). */
  backoffMs(attempt: number): number
}

/** The reference: four sends, 250 ms doubling. */
export const REFERENCE_RESEND: ResendRule = { maxSends: 4, backoffMs: (attempt) => 250 * 2 ** (attempt - 1) }
