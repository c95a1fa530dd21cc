// faultlineServices(): payments and e-mail
// mocks as msw handlers for setupServer.
import type { HttpHandler } from 'msw'
import { EmailService, type EmailSettings } from '../../mock-services/email/email.ts'
import { PaymentsService, type PaymentsSettings } from '../../mock-services/payments/payments.ts'
import { ServedService } from './served-service.ts'

export interface FaultlineServicesOptions {
  /**
   * Base URL and settings. Default URL
   * `https://payments.test`; for
   * `new Stripe(key)`: `https://api.stripe.com`.
   */
  readonly payments?: { readonly baseUrl?: string; readonly settings?: Partial<PaymentsSettings> }
  /**
   * Base URL and settings (`mode`, …). Default
   * URL `https://email.test`; for
   * `new Resend(key)`: `https://api.resend.com`.
   */
  readonly email?: { readonly baseUrl?: string; readonly settings?: Partial<EmailSettings> }
}

export interface FaultlineServices {
  /** Both: `setupServer(...services.handlers)`. */
  readonly handlers: readonly HttpHandler[]
  readonly payments: ServedService<PaymentsService>
  readonly email: ServedService<EmailService>
  /**
   * Fresh services, no armed faults: call it
   * after each test.
   */
  reset(): void
}

export function faultlineServices(options: FaultlineServicesOptions = {}): FaultlineServices {
  // Read per call, so a test's fake timers
  // (vi.useFakeTimers) reach the services.
  const now = () => Date.now()
  const payments = new ServedService(
    () => new PaymentsService(now, options.payments?.settings),
    options.payments?.baseUrl ?? 'https://payments.test',
  )
  const email = new ServedService(
    () => new EmailService(now, options.email?.settings),
    options.email?.baseUrl ?? 'https://email.test',
  )
  if (payments.baseUrl === email.baseUrl)
    throw new Error(`faultline/msw: payments and email cannot share the base URL ${payments.baseUrl}`)
  return {
    handlers: [payments.handler, email.handler],
    payments,
    email,
    reset() {
      payments.reset()
      email.reset()
    },
  }
}
