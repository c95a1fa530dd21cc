// What a checker reports: rule, place, finding.
export interface Violation {
  /** `flow`, `room`, `cycle` or `size`. */
  readonly rule: string
  /** File (and line); for a cycle, its first folder. */
  readonly at: string
  readonly message: string
}

export const show = (v: Violation): string => `[${v.rule}] ${v.at}: ${v.message}`
