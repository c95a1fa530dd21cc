// One vendor a mock service can play: its role,
// its SDK's default hosts, and how to build it.
import type { MockService, ServiceErrorKind, ServiceSettings } from './service.ts'

/** What a run's settings give any vendor. */
export interface VendorSettings extends ServiceSettings {
  /** Waits while processing (default: a timer). */
  readonly pause?: () => Promise<void>
  /** Stripe only: the stripe-retry-after profile. */
  readonly retryAfterOnErrors?: boolean
  /**
   * Resend only: what the service offers
   * (email.ts EmailMode; spelt out here so
   * the root imports no vendor's folder).
   */
  readonly mode?: 'idempotent' | 'idempotent+probe' | 'probe-only' | 'neither'
}

/** A payments service seeds charged payments. */
export interface PaymentsMock extends MockService {
  /**
   * A charged payment the plan may refund, under
   * the plan's id (no effect). Minor units.
   */
  seedPaymentIntent(id: string, amount: number, currency: string): unknown
}

export interface VendorSpec<S extends MockService = MockService> {
  readonly vendor: string
  readonly role: 'payments' | 'email'
  /**
   * Its SDK's default API hosts, for messages
   * only: one may be a pattern people read
   * (`email.<region>.amazonaws.com`); `matches`
   * is what a run answers.
   */
  readonly hosts: readonly string[]
  /** Does a host (lower case) name this vendor? */
  matches(host: string): boolean
  /** Does it keep idempotency keys? */
  readonly keyed: boolean
  /**
   * The error kinds it can answer (default all);
   * a campaign draws no other (a 409 key in use
   * from a vendor without keys).
   */
  readonly answers?: readonly ServiceErrorKind[]
  create(now: () => number, settings: Partial<VendorSettings>): S
}
