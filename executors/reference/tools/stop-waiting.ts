// What one send's fetch carries to stop waiting
// (the policy's give-up.ts decides which).

/** What one fetch carries, and its clean-up. */
export interface StopWaiting {
  readonly signal?: AbortSignal
  /** An undici Dispatcher (its own timeouts). */
  readonly dispatcher?: unknown
  /** Called once the fetch has settled. */
  done?(): void
}
