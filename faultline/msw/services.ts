// faultlineServices(): payments and e-mail
// mocks as msw handlers for setupServer.
import type { HttpHandler } from 'msw'
import { EmailService, type EmailSettings } from '../../mock-services/email/email.ts'
import { PaymentsService, type PaymentsSettings } from '../../mock-services/payments/payments.ts'
import { serviceOfHost } from '../../harness/sim/vendor-hosts.ts'
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
  for (const [role, served] of [
    ['payments', payments],
    ['email', email],
  ] as const) {
    const problem = otherVendor(role, served.baseUrl)
    if (problem) throw new Error(`faultline/msw: ${problem}`)
  }
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

/** Played here: Stripe's shape and Resend's. */
const PLAYED = { payments: 'stripe', email: 'resend' } as const

/**
 * A base URL at a vendor this entry does not
 * play: its SDK's requests would get 404s from
 * another vendor's shape (a SendGrid probe).
 */
function otherVendor(role: 'payments' | 'email', baseUrl: string): string | null {
  const found = serviceOfHost(new URL(baseUrl).hostname)
  if (!found?.vendor || (found.service === role && found.vendor === PLAYED[role])) return null
  const at = `the ${role} base URL ${baseUrl} is ${found.vendor}'s ${found.service} API`
  if (found.vendor === PLAYED[found.service as 'payments' | 'email'])
    return `${at}: give it as ${found.service}.baseUrl`
  return `${at}, which faultline/msw does not play (it plays Stripe's payments and Resend's e-mail); gate the tool with \`npx faultline gate --vendors ${found.service}=${found.vendor}\`, where every vendor is played`
}
