// The unresolved rate in words: a passing run
// at 62 % left a probe's team asking whether
// that was fine. Said only when there are some.
import type { ReportSummary } from '../../harness/campaign/report-schema.ts'
import { pct } from './format.ts'

/** `32.9% (66 of 200 tool calls …)`. */
export function unresolvedWords(u: ReportSummary['unresolved']): string {
  const counted = `${u.unresolved} of ${u.calls} tool calls`
  if (u.unresolved === 0) return `${pct(u.rate)} (${counted})`
  return `${pct(u.rate)} (${counted} last reported UNKNOWN: honest, yet each leaves someone to check; where the vendor can be asked (docs/vendors.md), a look before answering settles those that landed)`
}
