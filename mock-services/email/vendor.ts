// Resend, as the e-mail service plays it.
import type { VendorSpec } from '../vendor-spec.ts'
import { EmailService } from './email.ts'

const HOSTS = ['api.resend.com']

export const RESEND_VENDOR: VendorSpec = {
  vendor: 'resend',
  role: 'email',
  hosts: HOSTS,
  matches: (host) => HOSTS.includes(host),
  keyed: true,
  create: (now, settings) => new EmailService(now, settings),
}
