import type { Violation } from './finding.ts'
import { eventsOf, type ExecutorProblem, type History } from '../history/history.ts'

/** Why it matters, where the event says only what. */
const WHY: Partial<Record<ExecutorProblem, string>> = {
  'spawned-process': 'a run may not start processes or threads; their network, effects and time cannot be watched',
  'wrote-files':
    'state outside ctx.storage outlives the run and makes verdicts depend on earlier commands; keep it in ctx.storage',
}

/**
 * The executor threw, hung, failed to boot, or
 * returned something that is not an envelope.
 */
export function executorFault(history: History): Violation[] {
  return eventsOf(history, 'executor-fault').map((e) => ({
    judge: 'executor-fault' as const,
    call: e.call,
    tool: null,
    boundaries: [],
    message: `${e.call ?? 'run'}: executor ${e.problem}: ${e.message}${WHY[e.problem] ? `: ${WHY[e.problem]}` : ''}`,
  }))
}
