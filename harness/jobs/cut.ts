// Why a campaign ended early: its caller aborts
// the job's signal with one of these reasons
// (the CLI: --max-time, SIGINT, SIGTERM). The
// clock and the signals are the caller's.
import type { ReportCut } from '../campaign/report-schema.ts'

/** The reason to abort with when --max-time runs out. */
export function maxTimeCut(maxTimeMs: number): ReportCut {
  return { by: 'max-time', signal: null, maxTimeMs }
}

/** The reason to abort with on a signal. */
export function signalCut(signal: 'SIGINT' | 'SIGTERM', maxTimeMs: number | null = null): ReportCut {
  return { by: 'interrupted', signal, maxTimeMs }
}

/**
 * The reason when the executor's module no
 * longer loads (the campaign's service ended).
 */
export function loadFailedCut(error: string): ReportCut {
  return { by: 'load-failed', signal: null, maxTimeMs: null, error }
}

/**
 * What the report says of an aborted signal:
 * its reason if one of ours; a timeout
 * (AbortSignal.timeout) is a time budget;
 * anything else, an interruption.
 */
export function cutOf(signal: AbortSignal | undefined): ReportCut | null {
  if (!signal?.aborted) return null
  const reason: unknown = signal.reason
  if (isCut(reason)) return reason
  if (reason instanceof Error && reason.name === 'TimeoutError')
    return { by: 'max-time', signal: null, maxTimeMs: null }
  return { by: 'interrupted', signal: null, maxTimeMs: null }
}

function isCut(x: unknown): x is ReportCut {
  if (x === null || typeof x !== 'object') return false
  const c = x as Record<string, unknown>
  return (
    (c.by === 'max-time' || c.by === 'interrupted') &&
    (c.signal === null || c.signal === 'SIGINT' || c.signal === 'SIGTERM') &&
    (c.maxTimeMs === null || (typeof c.maxTimeMs === 'number' && Number.isSafeInteger(c.maxTimeMs) && c.maxTimeMs > 0))
  )
}
