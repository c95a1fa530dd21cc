// What an observation says about timing, whatever class the mapping gave it:
// how long the service asked to be left alone (Retry-After), and whether the
// request's key is being processed right now (a 409 in flight).
import type { Observed } from '../../harness/contract/mapping.ts'

export interface TimingHints {
  /** The service asked to be sent nothing for this long: a 429 (1 s when it does not say), or any answer with Retry-After. */
  readonly retryAfterMs?: number
  /** A 409: the first request under this key is still being processed. It asks for no pause, whatever its headers say. */
  readonly inFlight: boolean
}

export function timingHints(observed: Observed): TimingHints {
  if (!('response' in observed)) return { inFlight: false }
  const { status, headers } = observed.response
  const after = headers['retry-after']
  if (status !== 429 && after === undefined) return { inFlight: status === 409 }
  return { retryAfterMs: retryAfterMs(after ?? null), inFlight: status === 409 }
}

/** Retry-After in seconds (or an HTTP date), as milliseconds; 1 s when absent or unreadable. */
export function retryAfterMs(value: string | null): number {
  if (value === null) return 1_000
  const seconds = Number(value)
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1_000
  const at = Date.parse(value)
  return Number.isFinite(at) ? Math.max(0, at - Date.now()) : 1_000
}
