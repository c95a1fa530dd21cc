import { callsOf } from './calls.ts'
import type { Boundary } from '../contract/names.ts'
import type { History } from '../history/history.ts'

/**
 * One faulted call's recovery: its first
 * fault, and the time to a known outcome.
 */
export interface FaultRecovery {
  readonly kind: string
  readonly boundary: Boundary
  /** Virtual ms the executor was up from fault to known outcome. */
  readonly ms: number
}

/**
 * Per struck call: virtual ms from the first
 * fault to the first known outcome after it,
 * less downtime (crash to next boot), which is
 * the nemesis's choice, not the executor's.
 */
export function recoveryLatency(history: History): FaultRecovery[] {
  const down = downtime(history)
  const crashes = crashesInFlight(history)
  const out: FaultRecovery[] = []
  for (const [call, v] of callsOf(history)) {
    // A crash with the call in flight is a fault of the call.
    const candidates = [v.faults[0], crashes.get(call)].filter((f) => f !== undefined)
    const first = candidates.sort((a, b) => a.seq - b.seq)[0]
    if (!first) continue
    const known = v.reports.find((r) => r.seq > first.seq && r.envelope.status !== 'UNKNOWN')
    if (known)
      out.push({ kind: first.kind, boundary: first.boundary, ms: known.t - first.t - overlap(down, first.t, known.t) })
  }
  return out
}

/** Each call's first crash while it was in flight. */
function crashesInFlight(
  history: History,
): Map<string, { readonly t: number; readonly seq: number; readonly kind: string; readonly boundary: Boundary }> {
  const out = new Map<string, { t: number; seq: number; kind: string; boundary: Boundary }>()
  for (const e of history)
    if (e.type === 'process-crashed' && e.call !== null && !out.has(e.call))
      out.set(e.call, { t: e.t, seq: e.seq, kind: 'executor-crash', boundary: 'executor' })
  return out
}

/**
 * The intervals [crash, next boot)
 * when no process of the executor ran.
 */
function downtime(history: History): [number, number][] {
  const out: [number, number][] = []
  let crashedAt: number | null = null
  for (const e of history) {
    if (e.type === 'process-crashed') crashedAt ??= e.t
    else if (e.type === 'process-booted' && crashedAt !== null) {
      out.push([crashedAt, e.t])
      crashedAt = null
    }
  }
  if (crashedAt !== null) out.push([crashedAt, Infinity])
  return out
}

function overlap(intervals: readonly [number, number][], from: number, to: number): number {
  let total = 0
  for (const [a, b] of intervals) total += Math.max(0, Math.min(b, to) - Math.max(a, from))
  return total
}
