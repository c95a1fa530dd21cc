// What a supervised run may spend. The defaults never fire on a well-behaved
// executor (a run takes milliseconds of real time, a few MB, tens of events);
// they exist so that one that loops, leaks or floods becomes a finding.

export interface Budgets {
  /** Real time one run may take before its worker is stopped (ms). An overrun is replayed once before it is reported. */
  readonly runRealMs: number
  /** Old-generation heap of one worker (MB): past it the run is reported `out-of-memory`. */
  readonly workerMemoryMb: number
  /** History events one run may record: past it the run is cut short, `flooded`. */
  readonly eventsPerRun: number
  /** Real time loading the executor module may take (ms). */
  readonly loadRealMs: number
  /** Shared memory for one run's events as they are recorded (bytes); what does not fit goes by message, more slowly. */
  readonly journalBytes: number
}

/**
 * Each worker's young generation (MB), on top of `workerMemoryMb`: larger than V8's default, so
 * that a run's short-lived objects die before a scavenge instead of being copied (see spawn.ts).
 */
export const YOUNG_GENERATION_MB = 64

export const DEFAULT_BUDGETS: Budgets = {
  runRealMs: 20_000,
  workerMemoryMb: 1_024,
  eventsPerRun: 20_000,
  loadRealMs: 30_000,
  journalBytes: 8 * 2 ** 20,
}
