// A campaign's coverage as text (what
// struck where, the states reached), then
// --min-coverage, each met or not.
import type { CoverageRequirement, ReportSummary } from '../harness/campaign/report-schema.ts'
import { TIMING_WINDOW_LABELS, type WindowCount } from '../harness/campaign/timing-windows.ts'
import { table } from './kit/format.ts'

export function renderCoverage(cells: ReportSummary['coverage']): string {
  if (cells.length === 0) return '  coverage     nothing struck: no fault was injected and no process crashed'
  const total = (pick: (c: (typeof cells)[number]) => number) => cells.reduce((n, c) => n + pick(c), 0)
  const head = `  coverage     ${total((c) => c.struck)} strike(s) · effect landed while the client saw an error ${total((c) => c.effectWhileError)} · unknown reconciled ${total((c) => c.unknownReconciled)} · crash with a request in flight ${total((c) => c.crashInFlight)}`
  const rows = cells.map((c) => [
    c.kind,
    c.boundary,
    c.tool,
    String(c.struck),
    dot(c.effectWhileError),
    dot(c.unknownReconciled),
    dot(c.crashInFlight),
  ])
  const body = table(['fault', 'boundary', 'tool', 'struck', 'effect+error', 'unknown→known', 'crash in flight'], rows)
    .split('\n')
    .map((l) => `    ${l}`)
  return [head, ...body].join('\n')
}

export function renderMinCoverage(requirements: readonly CoverageRequirement[]): string {
  const lines = requirements.map((r) =>
    r.met === null
      ? `    · ${r.term} ≥ ${r.need} (checked when the shards are merged)`
      : `    ${r.met ? '✓' : '✗'} ${r.term} ≥ ${r.need}: ${r.got}`,
  )
  return ['  min coverage', ...lines].join('\n')
}

/**
 * Beside the coverage: runs that struck each
 * narrow timing window, and per 1,000 runs
 * (harness/campaign/timing-windows.ts).
 */
export function renderTimingWindows(windows: readonly WindowCount[], runs: number): string {
  const body = table(TIMING_WINDOW_HEADER, timingWindowRows(windows, runs))
    .split('\n')
    .map((l) => `    ${l}`)
  return [`  windows      narrow timings struck, in ${runs} run(s)`, ...body].join('\n')
}

function dot(n: number): string {
  return n === 0 ? '·' : String(n)
}

export const TIMING_WINDOW_HEADER = ['timing window', 'runs', 'per 1,000', 'struck when']

/** One row per window: name, runs, per 1,000, what. */
export function timingWindowRows(windows: readonly WindowCount[], runs: number): string[][] {
  const per = (n: number) => (runs === 0 ? '-' : ((n * 1000) / runs).toFixed(1))
  return windows.map((w) => [w.window, String(w.runs), per(w.runs), TIMING_WINDOW_LABELS[w.window]])
}
