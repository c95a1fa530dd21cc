// What judges return: plain data.
import type { Boundary } from '../faults/fault.ts'
import type { CallId } from '../run/history.ts'

/** The properties a run is checked for. */
export type JudgeName =
  | 'duplicate-effect'
  | 'false-success'
  | 'false-failure'
  | 'effect-after-deadline'
  | 'returned-after-deadline'
  | 'phantom-compensation'
  | 'uncompensated-effect'
  | 'unknown-retry-safe'
  | 'permanent-error-retried'
  | 'retry-before-retry-after'
  | 'executor-fault'

export const JUDGE_NAMES: readonly JudgeName[] = [
  'duplicate-effect',
  'false-success',
  'false-failure',
  'effect-after-deadline',
  'returned-after-deadline',
  'phantom-compensation',
  'uncompensated-effect',
  'unknown-retry-safe',
  'permanent-error-retried',
  'retry-before-retry-after',
  'executor-fault',
]

export interface Violation {
  readonly judge: JudgeName
  /** The tool call it concerns (null: the run as a whole). */
  readonly call: CallId | null
  readonly tool: string | null
  /** Boundaries of the faults that struck this call's attempts. */
  readonly boundaries: readonly Boundary[]
  /** One line, for people. */
  readonly message: string
}

export type Judge = (history: import('../run/history.ts').History) => Violation[]
