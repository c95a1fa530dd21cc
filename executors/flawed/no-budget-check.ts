// Bug: No reserve and no minimum budget to start.
// Caught by: effect-after-deadline.
import type { JudgeName } from '../../harness/contract/names.ts'
import { turnBudget } from '../reference/budget-rule.ts'
import { createReferenceExecutor, REFERENCE_POLICY } from '../reference/reference.ts'

export const catches: JudgeName = 'effect-after-deadline'

export default createReferenceExecutor(
  { ...REFERENCE_POLICY, budget: turnBudget({ reserveMs: 0, minAttemptBudgetMs: 0, attemptTimeoutMs: 8_000 }) },
  'no-budget-check',
)
