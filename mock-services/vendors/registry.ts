// Every vendor the mock services can play,
// by name (harness/contract/vendors.ts).
import { RESEND_VENDOR } from '../email/vendor.ts'
import { STRIPE_VENDOR } from '../payments/vendor.ts'
import { PAYPAL_VENDOR } from '../paypal/vendor.ts'
import { SENDGRID_VENDOR } from '../sendgrid/vendor.ts'
import { SES_VENDOR } from '../ses/vendor.ts'
import { SQUARE_VENDOR } from '../square/vendor.ts'
import type { PaymentsMock, VendorSpec } from '../vendor-spec.ts'

export const PAYMENTS_VENDOR_SPECS: Readonly<Record<string, VendorSpec<PaymentsMock>>> = {
  stripe: STRIPE_VENDOR,
  square: SQUARE_VENDOR,
  paypal: PAYPAL_VENDOR,
}

export const EMAIL_VENDOR_SPECS: Readonly<Record<string, VendorSpec>> = {
  resend: RESEND_VENDOR,
  ses: SES_VENDOR,
  sendgrid: SENDGRID_VENDOR,
}

export const VENDOR_SPECS: readonly VendorSpec[] = [
  ...Object.values(PAYMENTS_VENDOR_SPECS),
  ...Object.values(EMAIL_VENDOR_SPECS),
]
