// The turn's time budget (rule 5): a reserve to
// report in time, a minimum to start a side
// effect, attempt timeouts that fit, and a
// cut-off told to the service.

export interface BudgetRule {
  /** Ms left before `deadline` (epoch ms) − reserve. */
  left(deadline: number): number
  /** May a side effect start with `left` ms left? */
  mayStart(left: number): boolean
  /** One attempt's timeout with `left` ms left. */
  attemptTimeoutMs(left: number): number
  /** Cut-off sent to the service (epoch ms). */
  cutOff(deadline: number): number
}

export interface TurnBudget {
  /** Kept back from the deadline to report in time. */
  readonly reserveMs: number
  /** No side effect starts with less left. */
  readonly minAttemptBudgetMs: number
  /** Longest a single attempt may take. */
  readonly attemptTimeoutMs: number
}

export function turnBudget(b: TurnBudget): BudgetRule {
  return {
    left: (deadline) => deadline - Date.now() - b.reserveMs,
    mayStart: (left) => left >= b.minAttemptBudgetMs,
    attemptTimeoutMs: (left) => Math.min(b.attemptTimeoutMs, left),
    // Where we would no longer start: a request held
    // in the network can't land after the turn (if
    // the service commits within the minimum budget).
    cutOff: (deadline) => deadline - b.reserveMs - b.minAttemptBudgetMs,
  }
}

export const REFERENCE_BUDGET: BudgetRule = turnBudget({
  reserveMs: 1_500,
  minAttemptBudgetMs: 2_000,
  attemptTimeoutMs: 8_000,
})
