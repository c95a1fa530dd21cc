// A run's mock services, from the scenario
// and profile; every ledger effect goes
// into the history as it happens.
import { EmailService } from '../../mock-services/email/email.ts'
import { PaymentsService } from '../../mock-services/payments/payments.ts'
import type { MockService } from '../../mock-services/service.ts'
import { effectApplied, type HistoryRecorder } from '../history/history.ts'
import { allows } from '../scenario/profile.ts'
import type { Scenario } from '../scenario/scenario.ts'
import type { ServiceDirectory } from '../sim/pipeline.ts'

/**
 * The run's services; e-mail is built on first
 * use (most refund-only runs never touch it).
 */
export function buildServices(scenario: Scenario, history: HistoryRecorder, now: () => number): ServiceDirectory {
  const p = scenario.services.payments
  const honoursDeadline = allows(scenario.profile, 'deadline-forwarding')
  const payments = new PaymentsService(now, {
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
        const email = new EmailService(now, {
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
