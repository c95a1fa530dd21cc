// Bug: It starts side effects with too little budget left (no reserve, no minimum): the work lands after the turn's deadline.
// Caught by: effect-after-deadline.
import type { JudgeName } from '../../harness/contract/names.ts'
import { turnBudget } from '../reference/budget-rule.ts'
import { createReferenceExecutor, REFERENCE_POLICY } from '../reference/reference.ts'

export const catches: JudgeName = 'effect-after-deadline'

// No reserve kept back from the deadline, and no minimum budget to start a side effect.
export default createReferenceExecutor({ ...REFERENCE_POLICY, budget: turnBudget({ reserveMs: 0, minAttemptBudgetMs: 0, attemptTimeoutMs: 8_000 }) }, 'no-budget-check')
