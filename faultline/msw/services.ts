// faultlineServices(): the payments and e-mail mock services as msw request
// handlers a team mounts in its own setupServer.
import type { HttpHandler } from 'msw'
import { EmailService, type EmailSettings } from '../../mock-services/email/email.ts'
import { PaymentsService, type PaymentsSettings } from '../../mock-services/payments/payments.ts'
import { ServedService } from './served-service.ts'

export interface FaultlineServicesOptions {
  /** Base URL (default `https://payments.test`; `https://api.stripe.com` serves `new Stripe(key)` at its default host) and settings. */
  readonly payments?: { readonly baseUrl?: string; readonly settings?: Partial<PaymentsSettings> }
  /** Base URL (default `https://email.test`; `https://api.resend.com` serves `new Resend(key)`) and settings (`mode`, …). */
  readonly email?: { readonly baseUrl?: string; readonly settings?: Partial<EmailSettings> }
}

export interface FaultlineServices {
  /** Both services' handlers: `setupServer(...services.handlers)`. */
  readonly handlers: readonly HttpHandler[]
  readonly payments: ServedService<PaymentsService>
  readonly email: ServedService<EmailService>
  /** Fresh services (empty ledgers and key stores) and no armed faults: call it after each test. */
  reset(): void
}

export function faultlineServices(options: FaultlineServicesOptions = {}): FaultlineServices {
  // Read the clock per call, so a test's fake timers (vi.useFakeTimers) reach the services.
  const now = () => Date.now()
  const payments = new ServedService(() => new PaymentsService(now, options.payments?.settings), options.payments?.baseUrl ?? 'https://payments.test')
  const email = new ServedService(() => new EmailService(now, options.email?.settings), options.email?.baseUrl ?? 'https://email.test')
  if (payments.baseUrl === email.baseUrl) throw new Error(`faultline/msw: payments and email cannot share the base URL ${payments.baseUrl}`)
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
