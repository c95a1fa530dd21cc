// PayPal, as the payments service plays it:
// @paypal/paypal-server-sdk 2.5.0 defaults to
// Sandbox (src/defaultConfiguration.ts); both
// of its hosts (src/client.ts getBaseUri) reach it.
import type { PaymentsMock, VendorSpec } from '../vendor-spec.ts'
import { PaypalService } from './paypal.ts'

const HOSTS = ['api-m.sandbox.paypal.com', 'api-m.paypal.com']

export const PAYPAL_VENDOR: VendorSpec<PaymentsMock> = {
  vendor: 'paypal',
  role: 'payments',
  hosts: HOSTS,
  matches: (host) => HOSTS.includes(host),
  keyed: true,
  create: (now, settings) => new PaypalService(now, settings),
}
