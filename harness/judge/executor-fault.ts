import type { Violation } from './finding.ts'
import { eventsOf, type History } from '../history/history.ts'

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
    message: `${e.call ?? 'run'}: executor ${e.problem}: ${e.message}`,
  }))
}
