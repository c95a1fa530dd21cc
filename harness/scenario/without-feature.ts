// A scenario with one profile feature fewer,
// its settings put back to the vendor's: how a
// shrink finds a hostile campaign's failure that
// a vendor-faithful gate would meet too.
import { emailModeOf, emailModeOffers } from '../../mock-services/email/email.ts'
import type { ProfileFeature } from './profile.ts'
import { parseScenario, type Scenario } from './scenario.ts'

/**
 * `scenario` without `feature`, or null
 * when it has none or is invalid without.
 */
export function withoutFeature(scenario: Scenario, feature: ProfileFeature): Scenario | null {
  const profile = scenario.profile ?? []
  if (!profile.includes(feature)) return null
  const rest = profile.filter((f) => f !== feature)
  const { profile: _, ...others } = scenario
  const parsed = parseScenario({
    ...others,
    ...(rest.length > 0 ? { profile: rest } : {}),
    services: settingsWithout(scenario.services, feature),
  })
  return parsed.ok ? parsed.value : null
}

type Services = Scenario['services']

/**
 * The services' settings as the vendor's where
 * `feature` made them otherwise: keys durable,
 * Resend's keys honoured and no look-up.
 */
function settingsWithout(services: Services, feature: ProfileFeature): Services {
  if (feature === 'volatile-keys') {
    const { keyStore: _p, ...payments } = services.payments
    if (!services.email) return { ...services, payments }
    const { keyStore: _e, ...email } = services.email
    return { ...services, payments, email }
  }
  const mode = services.email?.mode
  if (!services.email || mode === undefined) return services
  const offers = emailModeOffers(mode)
  const keys = offers.keys || feature === 'email-without-keys'
  const lookup = offers.lookup && feature !== 'email-lookup'
  const { mode: _, ...email } = services.email
  const next = emailModeOf(keys, lookup)
  return { ...services, email: next === 'idempotent' ? email : { ...email, mode: next } }
}
