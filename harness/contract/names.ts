// Names the harness shares with its
// users: where a fault strikes, which
// property a judge checks. Defined once.

/** Where a fault strikes (DESIGN.md §1). */
export type Boundary =
  | 'before-send'
  | 'in-transit'
  | 'after-receipt'
  | 'after-effect'
  | 'gateway'
  | 'response'
  | 'probe'
  | 'service'
  | 'tool-transport'
  | 'executor'
  | 'model'

export const BOUNDARIES: readonly Boundary[] = [
  'before-send',
  'in-transit',
  'after-receipt',
  'after-effect',
  'gateway',
  'response',
  'probe',
  'service',
  'tool-transport',
  'executor',
  'model',
]

/** The properties the bundled judges check (harness/judge/). */
export type BuiltinJudgeName =
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
  | 'declared-contract'
  | 'executor-fault'

/** A bundled judge's name, or one from `defineJudge`. */
export type JudgeName = BuiltinJudgeName | (string & {})

export const JUDGE_NAMES: readonly BuiltinJudgeName[] = [
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
  'declared-contract',
  'executor-fault',
]
