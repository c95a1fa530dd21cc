// How often, and how soon, a request that certainly was not sent is sent again.

export interface ResendRule {
  /** Sends of one operation per ask, the first included. */
  readonly maxSends: number
  /** The pause after the `attempt`-th send was not sent (also the least pause after a 429). */
  backoffMs(attempt: number): number
}

/** The reference: four sends, 250 ms doubling. */
export const REFERENCE_RESEND: ResendRule = { maxSends: 4, backoffMs: (attempt) => 250 * 2 ** (attempt - 1) }
