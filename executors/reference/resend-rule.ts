// When to resend a request surely never sent.

export interface ResendRule {
  /** Sends per ask, the first included. */
  readonly maxSends: number
  /** Pause after send `attempt` (and 429 floor). */
  backoffMs(attempt: number): number
}

/** The reference: four sends, 250 ms doubling. */
export const REFERENCE_RESEND: ResendRule = { maxSends: 4, backoffMs: (attempt) => 250 * 2 ** (attempt - 1) }
