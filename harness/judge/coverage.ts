// What a run exercised: each fault that struck and
// whether it reached a state where executors break.
// A measure, not a judge (docs/internals/engine.md).
import { isAbortCall } from '../history/call-ids.ts'
import type { CallId, History } from '../history/history.ts'

/**
 * The states worth reaching, by
 * the names `--min-coverage` uses.
 */
export const COVERAGE_STATES = ['struck', 'effect-while-error', 'unknown-reconciled', 'crash-in-flight'] as const
export type CoverageState = (typeof COVERAGE_STATES)[number]

/**
 * One fault kind at one boundary on one tool:
 * how often it struck, and reached each state.
 */
export interface CoverageCell {
  readonly kind: string
  readonly boundary: string
  /** The struck call's tool; `abort`, or `(none)` outside a call. */
  readonly tool: string
  readonly struck: number
  /**
   * The struck attempt applied an
   * effect; its client saw no success.
   */
  readonly effectWhileError: number
  /**
   * After the strike the call was reconciled
   * (probe, UNKNOWN, or a replayed same-key
   * answer), then reported a known outcome.
   */
  readonly unknownReconciled: number
  /** A crash while a side-effecting request had no answer yet. */
  readonly crashInFlight: number
}

/** The counts of a cell by state name. */
export function countOf(cell: CoverageCell, state: CoverageState): number {
  switch (state) {
    case 'struck':
      return cell.struck
    case 'effect-while-error':
      return cell.effectWhileError
    case 'unknown-reconciled':
      return cell.unknownReconciled
    case 'crash-in-flight':
      return cell.crashInFlight
  }
}

type Counts = { struck: number; effectWhileError: number; unknownReconciled: number; crashInFlight: number }

/**
 * The run's coverage: a cell per
 * (kind, boundary, tool), sorted.
 */
export function coverage(history: History): CoverageCell[] {
  const tools = new Map<CallId, string>()
  const effects = new Set<number>() // attempts that applied an effect
  const succeeded = new Set<number>() // attempts whose client saw a 1xx-3xx answer
  const answered = new Map<number, number>() // attempt → seq of its answer
  for (const e of history) {
    if (e.type === 'call-started') tools.set(e.call, e.tool)
    else if (e.type === 'effect-applied') effects.add(e.attempt)
    else if (e.type === 'answered') {
      answered.set(e.attempt, e.seq)
      if (e.status !== null && e.status < 400) succeeded.add(e.attempt)
    }
  }
  const toolOf = (call: CallId | null) =>
    call === null ? '(none)' : isAbortCall(call) ? 'abort' : (tools.get(call) ?? '(none)')

  const cells = new Map<string, { kind: string; boundary: string; tool: string } & Counts>()
  const cell = (kind: string, boundary: string, tool: string) => {
    const key = `${kind}\u0000${boundary}\u0000${tool}`
    let c = cells.get(key)
    if (!c)
      cells.set(
        key,
        (c = { kind, boundary, tool, struck: 0, effectWhileError: 0, unknownReconciled: 0, crashInFlight: 0 }),
      )
    return c
  }

  for (const e of history) {
    if (e.type === 'fault-injected') {
      const c = cell(e.kind, e.boundary, toolOf(e.call))
      c.struck++
      if (
        e.boundary === 'tool-transport'
          ? handlerActedUntold(history, e.call, e.seq)
          : effects.has(e.attempt) && !succeeded.has(e.attempt)
      )
        c.effectWhileError++
      if (e.call !== null && reconciledAfter(history, e.call, e.seq)) c.unknownReconciled++
    } else if (e.type === 'process-crashed') {
      const c = cell('executor-crash', 'executor', toolOf(e.call))
      c.struck++
      if (mutationInFlight(history, e.generation, e.seq, answered)) c.crashInFlight++
      if (e.call !== null && reconciledAfter(history, e.call, e.seq)) c.unknownReconciled++
    }
  }
  return [...cells.values()].sort(
    (a, b) => compare(a.kind, b.kind) || compare(a.boundary, b.boundary) || compare(a.tool, b.tool),
  )
}

/**
 * After `seq`, the call was reconciled (it probed,
 * reported UNKNOWN, or got a replayed answer to a
 * same-key resend), then reported a known outcome.
 */
function reconciledAfter(history: History, call: CallId, seq: number): boolean {
  if (isAbortCall(call)) return false
  let ambiguous = false
  const attempts = new Set<number>()
  for (const e of history) {
    if (e.type === 'attempt-sent' && e.call === call) attempts.add(e.attempt)
    if (e.seq <= seq) continue
    if (e.type === 'attempt-sent' && e.call === call && e.probe) ambiguous = true
    else if (e.type === 'response-sent' && e.replayed && attempts.has(e.attempt)) ambiguous = true
    else if (e.type === 'outcome-reported' && e.call === call) {
      if (e.envelope.status === 'UNKNOWN') ambiguous = true
      else if (ambiguous) return true
    }
  }
  return false
}

/**
 * A struck tools/call (no HTTP attempt of its
 * own): its ask applied an effect, and that ask's
 * outcome is no success (or never came).
 */
function handlerActedUntold(history: History, call: CallId | null, seq: number): boolean {
  if (call === null) return false
  let acted = false
  let told: string | null = null
  for (const e of history) {
    if (e.seq <= seq) continue
    if (e.type === 'call-started' && e.call === call) break // the next ask
    if (e.type === 'effect-applied' && e.call === call) acted = true
    else if (e.type === 'outcome-reported' && e.call === call) told ??= e.envelope.status
  }
  return acted && told !== 'SUCCEEDED'
}

/** A send of process `generation` still unanswered at `seq`. */
function mutationInFlight(
  history: History,
  generation: number,
  seq: number,
  answered: ReadonlyMap<number, number>,
): boolean {
  for (const e of history) {
    if (e.seq >= seq) break
    if (e.type === 'attempt-sent' && !e.probe && e.generation === generation) {
      const at = answered.get(e.attempt)
      if (at === undefined || at > seq) return true
    }
  }
  return false
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

/** Cells summed by (kind, boundary, tool), as a campaign does. */
export function addCoverage(into: Map<string, CoverageCell>, cells: readonly CoverageCell[]): void {
  for (const c of cells) {
    const key = `${c.kind}\u0000${c.boundary}\u0000${c.tool}`
    const was = into.get(key)
    into.set(
      key,
      was
        ? {
            ...was,
            struck: was.struck + c.struck,
            effectWhileError: was.effectWhileError + c.effectWhileError,
            unknownReconciled: was.unknownReconciled + c.unknownReconciled,
            crashInFlight: was.crashInFlight + c.crashInFlight,
          }
        : { ...c },
    )
  }
}

/** The cells of a sum, in the order `coverage` gives them. */
export function sortedCells(cells: Iterable<CoverageCell>): CoverageCell[] {
  return [...cells].sort(
    (a, b) => compare(a.kind, b.kind) || compare(a.boundary, b.boundary) || compare(a.tool, b.tool),
  )
}
