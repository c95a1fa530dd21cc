// What a supervised run may spend. Defaults
// never fire on a sound executor; they make a
// loop, a leak or a flood a finding.

export interface Budgets {
  /** Real ms per run; an overrun replays once. */
  readonly runRealMs: number
  /** Old-generation heap (MB); past it, out-of-memory. */
  readonly workerMemoryMb: number
  /** Events per run; past it, `flooded`. */
  readonly eventsPerRun: number
  /** Real ms to load the executor module. */
  readonly loadRealMs: number
  /** Journal bytes; the rest go by message. */
  readonly journalBytes: number
  /** Bytes a run may print; the rest is dropped. */
  readonly outputBytesPerRun: number
}

/**
 * Young generation per worker (MB), beyond
 * workerMemoryMb: bigger is faster (spawn.ts).
 */
export const YOUNG_GENERATION_MB = 64

export const DEFAULT_BUDGETS: Budgets = {
  runRealMs: 10_000,
  workerMemoryMb: 1_024,
  eventsPerRun: 20_000,
  loadRealMs: 30_000,
  journalBytes: 8 * 2 ** 20,
  outputBytesPerRun: 2 ** 20,
}
