// AWS SES v2, as the e-mail service plays it:
// `email.<region>.amazonaws.com`, the host the
// SDK's endpoint rules give (docs/vendors.md A10).
import type { VendorSpec } from '../vendor-spec.ts'
import { SesService } from './ses.ts'

/** Any region's default host (not FIPS, not dual-stack). */
const HOST = /^email\.[a-z]{2}(-[a-z]+)+-\d+\.amazonaws\.com$/

export const SES_VENDOR: VendorSpec = {
  vendor: 'ses',
  role: 'email',
  hosts: ['email.<region>.amazonaws.com'],
  matches: (host) => HOST.test(host),
  keyed: false,
  // No keys: no "key in use" (A1).
  answers: ['rate-limited', 'unavailable', 'validation'],
  create: (now, settings) => new SesService(now, settings),
}
