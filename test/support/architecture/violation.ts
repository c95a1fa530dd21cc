// What a checker reports: which rule, where, and what it found.
export interface Violation {
  /** `flow`, `room`, `cycle` or `size`. */
  readonly rule: string
  /** The file (and line) it was found at, relative to the root; for a cycle, its first folder. */
  readonly at: string
  readonly message: string
}

export const show = (v: Violation): string => `[${v.rule}] ${v.at}: ${v.message}`
