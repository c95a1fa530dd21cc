// Square, as the payments service plays it:
// `new SquareClient({ token })` calls
// Production, connect.squareup.com; the
// Sandbox environment is answered too (Q1).
import type { PaymentsMock, VendorSpec } from '../vendor-spec.ts'
import { SquareService } from './square.ts'

const HOSTS = ['connect.squareup.com', 'connect.squareupsandbox.com']

export const SQUARE_VENDOR: VendorSpec<PaymentsMock> = {
  vendor: 'square',
  role: 'payments',
  hosts: HOSTS,
  matches: (host) => HOSTS.includes(host),
  keyed: true,
  // Q6: a 409 for a key in flight is ours.
  answers: ['rate-limited', 'unavailable', 'validation', 'key-in-use'],
  create: (now, settings) => new SquareService(now, settings),
}
