// SendGrid, as the e-mail service plays it.
import type { VendorSpec } from '../vendor-spec.ts'
import { SendgridService } from './sendgrid.ts'

/**
 * @sendgrid/client 8.1.6's hosts: global, and
 * EU after setDataResidency('eu') (G9).
 */
const HOSTS = ['api.sendgrid.com', 'api.eu.sendgrid.com']

export const SENDGRID_VENDOR: VendorSpec = {
  vendor: 'sendgrid',
  role: 'email',
  hosts: HOSTS,
  matches: (host) => HOSTS.includes(host),
  // No idempotency key on mail send (G2).
  keyed: false,
  answers: ['rate-limited', 'unavailable', 'validation'],
  create: (now, settings) => new SendgridService(now, settings),
}
