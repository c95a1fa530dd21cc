// STUB (lead): the paypal helper replaces this file.
import type { PaymentsMock, VendorSpec } from '../vendor-spec.ts'

export const PAYPAL_VENDOR: VendorSpec<PaymentsMock> = {
  vendor: 'paypal',
  role: 'payments',
  hosts: [],
  matches: () => false,
  keyed: false,
  create: () => {
    throw new Error('paypal: not built yet')
  },
}
