// What judges return: plain data.
import type { Boundary, JudgeName } from '../contract/names.ts'
import type { CallId, History } from '../history/history.ts'

export type { JudgeName, BuiltinJudgeName } from '../contract/names.ts'
export { JUDGE_NAMES } from '../contract/names.ts'

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

export type Judge = (history: History) => Violation[]
