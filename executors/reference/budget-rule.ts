// The turn's time budget: one deadline, with a reserve kept back to report in
// time; no side effect starts without a minimum budget; each attempt's timeout
// fits what is left; the service is told the cut-off after which no work of
// this turn may start (rule 5).

export interface BudgetRule {
  /** Milliseconds left for work in a turn ending at `deadline` (epoch ms), the reserve kept back. */
  left(deadline: number): number
  /** May a side effect start with `left` ms left? */
  mayStart(left: number): boolean
  /** The timeout of one attempt started with `left` ms left. */
  attemptTimeoutMs(left: number): number
  /** The cut-off forwarded to the service (epoch ms): work of this turn arriving later must not start. */
  cutOff(deadline: number): number
}

export interface TurnBudget {
  /** Kept back from the turn's deadline to report in time. */
  readonly reserveMs: number
  /** No side effect starts with less than this left (after the reserve). */
  readonly minAttemptBudgetMs: number
  /** Longest a single attempt may take. */
  readonly attemptTimeoutMs: number
}

export function turnBudget(b: TurnBudget): BudgetRule {
  return {
    left: (deadline) => deadline - Date.now() - b.reserveMs,
    mayStart: (left) => left >= b.minAttemptBudgetMs,
    attemptTimeoutMs: (left) => Math.min(b.attemptTimeoutMs, left),
    // Where we ourselves would no longer start the work: a request held in the network then cannot
    // land after the turn has ended, as long as the service commits within the minimum budget.
    cutOff: (deadline) => deadline - b.reserveMs - b.minAttemptBudgetMs,
  }
}

export const REFERENCE_BUDGET: BudgetRule = turnBudget({ reserveMs: 1_500, minAttemptBudgetMs: 2_000, attemptTimeoutMs: 8_000 })
