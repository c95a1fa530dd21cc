// Stripe, as the payments service plays it.
import type { PaymentsMock, VendorSpec } from '../vendor-spec.ts'
import { PaymentsService } from './payments.ts'

const HOSTS = ['api.stripe.com']

export const STRIPE_VENDOR: VendorSpec<PaymentsMock> = {
  vendor: 'stripe',
  role: 'payments',
  hosts: HOSTS,
  matches: (host) => HOSTS.includes(host),
  keyed: true,
  create: (now, settings) => new PaymentsService(now, settings),
}
