// What an observation says about timing, whatever
// its class: Retry-After, and whether its key is
// being processed now (a 409 in flight).
import type { Observed } from '../../harness/contract/mapping.ts'

export interface TimingHints {
  /** Pause asked: any Retry-After; a bare 429: 1 s. */
  readonly retryAfterMs?: number
  /** A 409: the key's first request still runs. */
  readonly inFlight: boolean
}

export function timingHints(observed: Observed): TimingHints {
  if (!('response' in observed)) return { inFlight: false }
  const { status, headers } = observed.response
  const after = headers['retry-after']
  if (status !== 429 && after === undefined) return { inFlight: status === 409 }
  return { retryAfterMs: retryAfterMs(after ?? null), inFlight: status === 409 }
}

/** Retry-After (s or date) in ms; else 1 s. */
export function retryAfterMs(value: string | null): number {
  if (value === null) return 1_000
  const seconds = Number(value)
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1_000
  const at = Date.parse(value)
  return Number.isFinite(at) ? Math.max(0, at - Date.now()) : 1_000
}
