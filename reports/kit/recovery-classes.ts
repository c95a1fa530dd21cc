// Recovery latency per first-fault class
// (kind × boundary) across executors, in a
// request's path order. For Markdown, HTML.
import type { ReportSummary } from '../../harness/campaign/report-schema.ts'
import { BOUNDARIES, type Boundary } from '../../harness/contract/names.ts'

/** A first-fault class and its latency. */
export type RecoveryClass = ReportSummary['recoveryByFault'][number]

/**
 * Every class any executor met: by boundary
 * along the path, then by kind.
 */
export function recoveryClasses(
  perExecutor: readonly (readonly RecoveryClass[])[],
): { kind: string; boundary: string }[] {
  const seen = new Map<string, { kind: string; boundary: string }>()
  for (const list of perExecutor) for (const c of list) seen.set(classKey(c), { kind: c.kind, boundary: c.boundary })
  const at = (b: string) => {
    const i = BOUNDARIES.indexOf(b as Boundary)
    return i < 0 ? BOUNDARIES.length : i
  }
  return [...seen.values()].sort(
    (a, b) => at(a.boundary) - at(b.boundary) || a.kind.localeCompare(b.kind) || a.boundary.localeCompare(b.boundary),
  )
}

export function classKey(c: { readonly kind: string; readonly boundary: string }): string {
  return `${c.kind}@${c.boundary}`
}
