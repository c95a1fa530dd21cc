/** The three outcomes of a tool call. Not two. */
export type OutcomeStatus = 'SUCCEEDED' | 'FAILED_NO_EFFECT' | 'UNKNOWN'

export const OUTCOME_STATUSES: readonly OutcomeStatus[] = ['SUCCEEDED', 'FAILED_NO_EFFECT', 'UNKNOWN']

/** What an executor reports to the model for one tool call. */
export interface Envelope {
  /**
   * SUCCEEDED: the effect happened (once).
   * FAILED_NO_EFFECT: it did not and will not.
   * UNKNOWN: it may have.
   */
  readonly status: OutcomeStatus
  /**
   * May the model ask again without risking a
   * second effect? Must be false for UNKNOWN.
   */
  readonly retry_safe: boolean
  /**
   * The effect as the service named it, or null,
   * e.g. `{ type: 'refund', id: 're_…' }`.
   */
  readonly effect: { readonly type: string; readonly id: string } | null
  /**
   * What the executor did, in a word or two: `sent`,
   * `not-sent`, `probed-found`, `refused-budget`, …
   */
  readonly action_taken: string
  /** A sentence for the model. */
  readonly message: string
  /**
   * Only from `abort()`: the effect this compensation is
   * for, as its envelope named it. A failed compensation
   * excuses the effect it names, and no other.
   */
  readonly compensates?: { readonly type: string; readonly id: string } | null
}

/** An adapter's classifier's report: `classified-<class>`. */
export const CLASSIFIED = 'classified-'
/** Loop mode's reading of what the model was told. */
export const LOOP_TOLD = 'loop-told-'
