// A scenario in one line: its steps, faults,
// the slowness its failure may need, the
// model's quirks and the profile features
// (what a gate must allow to replay it).
import { profileName, type ProfileFeature } from '../../harness/scenario/profile.ts'

interface ServiceTiming {
  readonly processingMs?: number | undefined
  readonly visibilityLagMs?: number | undefined
}

/** One line: tools, faults, slowness, quirks, profile. */
export function describeScenario(s: {
  readonly faults: readonly { readonly kind: string }[]
  readonly model: {
    readonly askAgainAfterSuccess?: boolean | undefined
    readonly ignoresRetrySafe?: boolean | undefined
  }
  readonly abortOnFailure?: boolean | undefined
  readonly plan: readonly { readonly tool: string }[]
  readonly profile?: readonly ProfileFeature[] | undefined
  readonly services?: Readonly<Record<string, ServiceTiming | undefined>> | undefined
}): string {
  const faults = s.faults.map((f) => f.kind).join(', ') || 'no fault'
  // Slowness a failure can need as a fault
  // does (a probe's timeout met 2 s, unsaid).
  const timings = Object.values(s.services ?? {})
  const slow = Math.max(0, ...timings.map((t) => t?.processingMs ?? 0))
  const lag = Math.max(0, ...timings.map((t) => t?.visibilityLagMs ?? 0))
  const conditions = [slow >= 1_000 ? `services take ${slow} ms` : '', lag > 0 ? `reads lag ${lag} ms` : '']
    .filter(Boolean)
    .map((c) => `; ${c}`)
    .join('')
  const quirks = [
    s.model.askAgainAfterSuccess ? 'asks again after success' : '',
    s.model.ignoresRetrySafe ? 'ignores retry_safe' : '',
    s.abortOnFailure ? 'aborts on failure' : '',
  ]
    .filter(Boolean)
    .join(', ')
  // The features its failure needs (the shrink
  // drops the others): what a gate must allow.
  const profile = s.profile?.length ? `; profile ${profileName(s.profile)}` : ''
  return `${s.plan.map((p) => p.tool).join(' → ')}; ${faults}${conditions}${quirks ? `; model ${quirks}` : ''}${profile}`
}
