// Which vendor each mock service plays: a run's
// payments and e-mail can be Stripe or another
// (docs/vendors.md). Default: Stripe + Resend.
import { oneLine } from './one-line.ts'

export const PAYMENTS_VENDORS = ['stripe', 'square', 'paypal'] as const
export const EMAIL_VENDORS = ['resend', 'ses', 'sendgrid'] as const

export type PaymentsVendor = (typeof PAYMENTS_VENDORS)[number]
export type EmailVendor = (typeof EMAIL_VENDORS)[number]
export type VendorName = PaymentsVendor | EmailVendor

/** The vendor behind each service of a run. */
export interface Vendors {
  readonly payments: PaymentsVendor
  readonly email: EmailVendor
}

export const DEFAULT_VENDORS: Vendors = { payments: 'stripe', email: 'resend' }

/**
 * Vendors that take no idempotency key and
 * offer no look-up (docs/vendors.md A1, G2):
 * their mocks' `keyed: false`.
 */
export const KEYLESS_VENDORS: readonly VendorName[] = ['ses', 'sendgrid']

/** `stripe+resend`: a pair's name in reports. */
export function vendorsName(v: Vendors): string {
  return `${v.payments}+${v.email}`
}

/** `square+ses` as `--vendors` takes it. */
export function vendorsFlag(pair: string): string {
  const [payments, email] = pair.split('+')
  return `payments=${payments},email=${email}`
}

/** Is the pair the default one? */
export function isDefaultVendors(v: Vendors | undefined): boolean {
  return v === undefined || (v.payments === DEFAULT_VENDORS.payments && v.email === DEFAULT_VENDORS.email)
}

/**
 * `payments=square,email=ses` (either part may
 * be left out: the default): the pair, or why not.
 */
export function parseVendors(
  spec: string,
): { readonly ok: true; readonly vendors: Vendors } | { readonly ok: false; readonly problem: string } {
  const fix = `use payments=${PAYMENTS_VENDORS.join('|')},email=${EMAIL_VENDORS.join('|')}`
  let payments: PaymentsVendor = DEFAULT_VENDORS.payments
  let email: EmailVendor = DEFAULT_VENDORS.email
  const parts = spec
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  if (parts.length === 0) return { ok: false, problem: `--vendors "${spec}" names no vendor: ${fix}` }
  const seen = new Set<string>()
  for (const part of parts) {
    const [role, name, ...rest] = part.split('=').map((s) => s.trim())
    if (rest.length > 0 || !role || !name)
      return { ok: false, problem: `--vendors part "${part}" is not role=vendor: ${fix}` }
    if (seen.has(role)) return { ok: false, problem: `--vendors names ${role} twice: ${fix}` }
    seen.add(role)
    if (role === 'payments' && (PAYMENTS_VENDORS as readonly string[]).includes(name)) payments = name as PaymentsVendor
    else if (role === 'email' && (EMAIL_VENDORS as readonly string[]).includes(name)) email = name as EmailVendor
    else return { ok: false, problem: `--vendors has no ${role} vendor "${name}": ${fix}` }
  }
  return { ok: true, vendors: { payments, email } }
}

/** Every vendor the services can play. */
export const VENDOR_NAMES: readonly VendorName[] = [...PAYMENTS_VENDORS, ...EMAIL_VENDORS]

/**
 * Why `vendors` is no list of vendors the
 * services play, or null: `[]`, `'stripe'`
 * and `['stripee']` are each said.
 */
export function vendorsListProblem(vendors: unknown): string | null {
  if (!Array.isArray(vendors) || vendors.length === 0) return 'not a non-empty array'
  const other = vendors.find((v) => !(VENDOR_NAMES as readonly unknown[]).includes(v))
  return other === undefined
    ? null
    : `"${oneLine(other)}", which faultline does not play (use ${VENDOR_NAMES.join(', ')})`
}
