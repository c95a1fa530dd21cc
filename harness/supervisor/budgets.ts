// What a supervised run may spend. The defaults never fire
// on a sound executor; they make a loop, a leak or a flood
// a finding.

export interface Budgets {
  /** Real ms a run may take; an overrun is replayed once. */
  readonly runRealMs: number
  /** Worker old-generation heap (MB); past it, `out-of-memory`. */
  readonly workerMemoryMb: number
  /** Events per run; past it the run is cut short, `flooded`. */
  readonly eventsPerRun: number
  /** Real ms to load the executor module. */
  readonly loadRealMs: number
  /** Journal bytes per run; the rest go by message (slower). */
  readonly journalBytes: number
}

/**
 * Young generation per worker (MB), beyond workerMemoryMb:
 * above V8's default, for speed (spawn.ts).
 */
export const YOUNG_GENERATION_MB = 64

export const DEFAULT_BUDGETS: Budgets = {
  runRealMs: 20_000,
  workerMemoryMb: 1_024,
  eventsPerRun: 20_000,
  loadRealMs: 30_000,
  journalBytes: 8 * 2 ** 20,
}
