// The cells a mapping failed on, grouped
// by why (its problem and detail): one that
// fails everywhere is one line, not one a
// cell. Shared by the audit's renderers.
// Pure.
import type { AuditResult } from '../../harness/audit/result.ts'

type Cell = AuditResult['matrix']['cells'][number]

/** One way the mapping failed, and where. */
export interface FaultyGroup {
  readonly problem: NonNullable<Cell['problem']>['kind']
  /**
   * In words, as a clause with no subject
   * of its own: "it threw TypeError: …".
   */
  readonly what: string
  /** In matrix order. */
  readonly cells: readonly Cell[]
  /**
   * Where, short: "every row × every
   * client", "dns-failure × http, axios".
   */
  readonly where: string
}

/**
 * Groups in the order their first cell
 * comes in the matrix; none: [].
 */
export function faultyGroups(r: Pick<AuditResult, 'matrix' | 'clients'>): FaultyGroup[] {
  const all = r.matrix.cells
  const byWhy = new Map<string, Cell[]>()
  for (const c of all) {
    if (c.grade !== 'faulty') continue
    const key = `${c.problem?.kind}\u0000${c.problem?.detail ?? c.why}`
    byWhy.set(key, [...(byWhy.get(key) ?? []), c])
  }
  return [...byWhy.values()].map((cells) => ({
    problem: cells[0]!.problem?.kind ?? 'executor-fault',
    what: whatOf(cells[0]!),
    cells,
    where: cellsWhere(cells, r),
  }))
}

/**
 * "the mapping failed on 3 of 105 cells";
 * null when it failed on none.
 */
export function failedHeading(r: Pick<AuditResult, 'counts'>): string | null {
  return r.counts.faulty > 0 ? `the mapping failed on ${r.counts.faulty} of ${r.counts.cells} cells` : null
}

/** The same, as a title. */
export function failedTitle(r: Pick<AuditResult, 'counts'>): string | null {
  const h = failedHeading(r)
  return h && `T${h.slice(1)}`
}

/**
 * Every cell failed: no class to
 * show, nothing to compare.
 */
export function failedEverywhere(r: Pick<AuditResult, 'counts'>): boolean {
  return r.counts.cells > 0 && r.counts.faulty === r.counts.cells
}

/**
 * What the client showed, when it says
 * something (a cell not run shows nothing).
 */
export function shownBy(c: Cell): string | null {
  return c.observed === '(not run)' || c.observed === '(nothing observed)' ? null : c.observed
}

/**
 * The failure as a clause. The details
 * of answer.ts and the supervisor often
 * start "it …": not said twice.
 */
function whatOf(c: Cell): string {
  const detail = c.problem?.detail ?? c.why
  const own = /^it /.test(detail)
  switch (c.problem?.kind) {
    case 'threw':
      return `it threw ${detail}`
    case 'not-a-class':
      return own ? detail : `it answered no class: ${detail}`
    case 'hung':
      return `it blocked its thread: ${detail}`
    case 'exited':
      return own ? detail : `it ended its worker: ${detail}`
    case 'not-run':
      return `not asked: ${detail}`
    default:
      return own ? detail : `it failed in its worker: ${detail}`
  }
}

/**
 * Cells in few words: whole clients and
 * whole rows named once; past half of
 * the matrix, "every cell but …".
 */
export function cellsWhere(cells: readonly Cell[], r: Pick<AuditResult, 'matrix' | 'clients'>): string {
  const all = r.matrix.cells
  const key = (c: Cell) => `${c.case}\u0000${c.client}`
  const inside = new Set(cells.map(key))
  const direct = listed(cells, all, r)
  if (cells.length * 2 <= all.length) return direct
  const rest = all.filter((c) => !inside.has(key(c)))
  if (rest.length === 0) return r.clients.length > 1 ? 'every row × every client' : direct
  const but = `every cell but ${listed(rest, all, r)}`
  return but.length < direct.length ? but : direct
}

function listed(cells: readonly Cell[], all: readonly Cell[], r: Pick<AuditResult, 'matrix' | 'clients'>): string {
  const key = (c: Cell) => `${c.case}\u0000${c.client}`
  const inside = new Set(cells.map(key))
  const whole = (of: readonly Cell[]) => of.length > 0 && of.every((c) => inside.has(key(c)))
  const clients = r.clients.filter((client) => whole(all.filter((c) => c.client === client)))
  const rows = r.matrix.rows.map((row) => row.id)
  // "every client" only where there are more than one.
  if (clients.length === r.clients.length && clients.length > 1) return 'every row × every client'
  const parts: string[] = []
  if (clients.length > 0) parts.push(`every row × ${clients.join(', ')}`)
  for (const row of rows) {
    const here = cells.filter((c) => c.case === row && !clients.includes(c.client))
    if (here.length === 0) continue
    const wholeRow = here.length > 1 && whole(all.filter((c) => c.case === row)) && clients.length === 0
    parts.push(`${row} × ${wholeRow ? 'every client' : here.map((c) => c.client).join(', ')}`)
  }
  // Cells of rows the result does not list.
  for (const c of cells)
    if (!rows.includes(c.case) && !clients.includes(c.client)) parts.push(`${c.case} × ${c.client}`)
  return parts.join('; ')
}
