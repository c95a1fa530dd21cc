// After a crash, a worker boots the next process
// from a fresh copy of the executor's own files, as a
// restart would: none of the dead one's module
// state. A run needs one copy per crash it holds.
import type { Scenario } from '../scenario/scenario.ts'

/**
 * Most copies a run loads; a process past
 * them shares the last copy's modules.
 */
export const MAX_COPIES = 8

/**
 * Real ms a copy may take to load, beyond a
 * run's budget, whose own time starts once they
 * are loaded: the team's files only (packages
 * are shared), well under a second measured.
 */
export const COPY_LOAD_REAL_MS = 2_000

/** Copies a run of `scenario` boots from. */
export function copiesNeeded(scenario: Scenario): number {
  let crashes = 0
  for (const f of scenario.faults) if (f.kind === 'executor-crash') crashes++
  return Math.min(crashes, MAX_COPIES)
}
