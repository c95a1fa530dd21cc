// Profiles: what the mock services may do beyond the
// real vendors. Vendor-faithful by default; each
// feature opts in (docs/internals/engine.md).

export const PROFILE_FEATURES = [
  'volatile-keys',
  'stripe-retry-after',
  'deadline-forwarding',
  'email-lookup',
  'email-without-keys',
] as const

export type ProfileFeature = (typeof PROFILE_FEATURES)[number]

/** What each feature adds beyond the vendors. */
export const FEATURE_SUMMARY: Readonly<Record<ProfileFeature, string>> = {
  'volatile-keys':
    'an idempotency-key store that forgets its keys when the service restarts (Stripe and Resend keep them 24 h)',
  'stripe-retry-after':
    'the Stripe-shaped 429 and 503 carry Retry-After (the Stripe API never sends it; stripe-node ignores it)',
  'deadline-forwarding':
    'the services refuse work that arrives after a deadline the client forwards in X-Request-Deadline (neither vendor does)',
  'email-lookup':
    "the e-mail service answers faultline's lookup by client reference, GET /emails?tag=client_reference:VALUE (Resend has no such filter)",
  'email-without-keys': 'the e-mail service ignores Idempotency-Key (Resend honours it for 24 h)',
}

/**
 * Named profiles: the vendor-faithful
 * default, and every feature at once.
 */
export const PROFILES: Readonly<Record<string, readonly ProfileFeature[]>> = {
  vendor: [],
  hostile: PROFILE_FEATURES,
}

/**
 * `vendor`, `hostile`, or a comma list
 * of features: the features, or why not.
 */
export function parseProfile(
  spec: string,
):
  | { readonly ok: true; readonly features: readonly ProfileFeature[] }
  | { readonly ok: false; readonly problem: string } {
  const named = PROFILES[spec]
  if (named && Object.hasOwn(PROFILES, spec)) return { ok: true, features: named }
  const parts = spec
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  const unknown = parts.filter((p) => !(PROFILE_FEATURES as readonly string[]).includes(p))
  if (parts.length === 0 || unknown.length > 0) {
    return {
      ok: false,
      problem: `unknown profile "${unknown[0] ?? spec}": use ${Object.keys(PROFILES).join(' or ')}, or a comma list of ${PROFILE_FEATURES.join(', ')}`,
    }
  }
  return { ok: true, features: PROFILE_FEATURES.filter((f) => parts.includes(f)) }
}

/**
 * A profile's name in reports:
 * `vendor`, `hostile`, `vendor+…`.
 */
export function profileName(features: readonly ProfileFeature[] | undefined): string {
  const f = features ?? []
  if (f.length === 0) return 'vendor'
  if (PROFILE_FEATURES.every((x) => f.includes(x))) return 'hostile'
  return `vendor+${[...f].join(',')}`
}

/** Does a scenario's profile include a feature? */
export function allows(features: readonly ProfileFeature[] | undefined, feature: ProfileFeature): boolean {
  return (features ?? []).includes(feature)
}
