// What an observation says about timing, whatever
// its class: Retry-After, and whether its key is
// being processed now (a 409 in flight).
import type { Observed } from '../../harness/contract/mapping.ts'

export interface TimingHints {
  /** Pause asked: Retry-After or a reset; a bare 429: 1 s. */
  readonly retryAfterMs?: number
  /** A 409: the key's first request still runs. */
  readonly inFlight: boolean
}

export function timingHints(observed: Observed): TimingHints {
  if (!('response' in observed)) return { inFlight: false }
  const { status, headers } = observed.response
  const after = headers['retry-after']
  if (status !== 429 && after === undefined) return { inFlight: status === 409 }
  // SendGrid's 429 says when its window ends
  // instead (epoch seconds, docs/vendors.md G5).
  const reset = after === undefined ? resetMs(headers['x-ratelimit-reset']) : null
  return { retryAfterMs: reset ?? retryAfterMs(after ?? null), inFlight: status === 409 }
}

/** X-RateLimit-Reset in ms from now, or null. */
function resetMs(value: string | undefined): number | null {
  const seconds = Number(value ?? Number.NaN)
  return Number.isFinite(seconds) && seconds > 0 ? Math.max(0, seconds * 1_000 - Date.now()) : null
}

/** Retry-After (s or date) in ms; else 1 s. */
export function retryAfterMs(value: string | null): number {
  if (value === null) return 1_000
  const seconds = Number(value)
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1_000
  const at = Date.parse(value)
  return Number.isFinite(at) ? Math.max(0, at - Date.now()) : 1_000
}
