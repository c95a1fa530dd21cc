// A run's mock services, from the scenario
// and profile, as the scenario's vendors;
// every ledger effect goes into the history
// as it happens.
import { EMAIL_VENDOR_SPECS, PAYMENTS_VENDOR_SPECS } from '../../mock-services/vendors/registry.ts'
import type { MockService } from '../../mock-services/service.ts'
import { effectApplied, type HistoryRecorder } from '../history/history.ts'
import { allows } from '../scenario/profile.ts'
import { type Scenario, scenarioVendors } from '../scenario/scenario.ts'
import type { ServiceDirectory } from '../sim/pipeline.ts'

/**
 * The run's services; e-mail is built on first
 * use (most refund-only runs never touch it).
 */
export function buildServices(scenario: Scenario, history: HistoryRecorder, now: () => number): ServiceDirectory {
  const p = scenario.services.payments
  const vendors = scenarioVendors(scenario)
  const honoursDeadline = allows(scenario.profile, 'deadline-forwarding')
  const payments = PAYMENTS_VENDOR_SPECS[vendors.payments]!.create(now, {
    processingMs: p.processingMs,
    visibilityLagMs: p.visibilityLagMs ?? 0,
    keyStore: p.keyStore ?? 'durable',
    honoursDeadline,
    retryAfterOnErrors: allows(scenario.profile, 'stripe-retry-after'),
  })
  for (const pi of p.paymentIntents) payments.seedPaymentIntent(pi.id, pi.amount, pi.currency)
  payments.ledger.onAppend((entry) => history.record(effectApplied(entry)))
  const services = new Map<string, MockService>([['payments', payments]])
  const e = scenario.services.email
  return {
    get(name) {
      if (name === 'email' && !services.has('email')) {
        const email = EMAIL_VENDOR_SPECS[vendors.email]!.create(now, {
          processingMs: e?.processingMs ?? 20,
          visibilityLagMs: e?.visibilityLagMs ?? 0,
          keyStore: e?.keyStore ?? 'durable',
          mode: e?.mode ?? 'idempotent',
          honoursDeadline,
        })
        email.ledger.onAppend((entry) => history.record(effectApplied(entry)))
        services.set('email', email)
      }
      return services.get(name)
    },
  }
}
