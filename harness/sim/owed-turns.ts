// Turns a library's own work is owed: undici
// ends a failed response body on setImmediate
// (api/readable.js _destroy), so the driver
// settles those turns before the clock moves,
// or a timer would fire ahead of the error.
let owed = 0

/** Owe `turns` real turns before the next timer. */
export function oweTurns(turns: number): void {
  owed = Math.max(owed, turns)
}

export function owedTurns(): number {
  return owed
}

/** A run's start and end: none carried over. */
export function forgiveTurns(): void {
  owed = 0
}

/** Settle what is owed (nothing: no cost). */
export async function settleOwed(settle: () => Promise<void>): Promise<void> {
  while (owed > 0) {
    owed--
    await settle()
  }
}
