// The mapping's column of the sources
// table: its classes on an observation's
// rows, and where it failed there (from
// the matrix: a throw is no class, yet it
// is what the mapping did). Pure.
import type { AuditResult } from '../../harness/audit/result.ts'

type SourceRow = AuditResult['sources']['rows'][number]

/** A class, or `failed`, with its clients. */
export interface SourceEntry {
  readonly label: string
  readonly clients: readonly string[]
}

export function sourceMapping(r: Pick<AuditResult, 'matrix'>, row: SourceRow): SourceEntry[] {
  const failed: string[] = []
  for (const c of r.matrix.cells)
    if (c.class === null && row.cases.includes(c.case) && !failed.includes(c.client)) failed.push(c.client)
  return [
    ...row.mapping.map((m) => ({ label: m.class, clients: m.clients })),
    ...(failed.length ? [{ label: 'failed', clients: failed }] : []),
  ]
}

/**
 * "ambiguous", or "not-sent (fetch,axios)
 * / failed (http)" when they differ.
 */
export function sourceMappingText(entries: readonly SourceEntry[], separator = ','): string {
  return (
    entries.map((e) => (entries.length > 1 ? `${e.label} (${e.clients.join(separator)})` : e.label)).join(' / ') || '—'
  )
}
