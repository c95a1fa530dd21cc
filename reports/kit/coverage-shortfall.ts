// What --min-coverage missed, and what may reach
// it: a probe fault strikes only look-ups, so more
// runs reach one only where the executor looks
// something up (a probe's made none, told "more runs").
import type { CoverageRequirement } from '../../harness/campaign/report-schema.ts'
import { REQUEST_FAULTS } from '../../harness/faults/catalogue.ts'

const ON_READS: ReadonlySet<string> = new Set(REQUEST_FAULTS.filter((k) => k.targets === 'probe').map((k) => k.kind))

/** `probe-timeout 0 of 1 (…)`: each unmet term, then the way to it. */
export function coverageShortfall(
  unmet: readonly CoverageRequirement[],
  ran: { readonly runs: number; readonly probesPerCall: number },
): string {
  const terms = unmet.map((r) => `${r.term} ${r.got} of ${r.need}`).join(', ')
  const unreachable = ran.probesPerCall === 0 ? unmet.filter((r) => r.kind !== null && ON_READS.has(r.kind)) : []
  const more = 'more --runs, another --seed, or a generator that reaches it'
  if (unreachable.length === 0) return `${terms} (${more})`
  const none = `${unreachable.map((r) => r.kind).join(', ')} strikes only look-ups, and the executor made none in these ${ran.runs} runs: more runs reach it only if it looks something up`
  return `${terms} (${none}${unreachable.length < unmet.length ? `; for the rest, ${more}` : ''})`
}
