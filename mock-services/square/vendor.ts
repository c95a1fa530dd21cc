// STUB (lead): the square helper replaces this file.
import type { PaymentsMock, VendorSpec } from '../vendor-spec.ts'

export const SQUARE_VENDOR: VendorSpec<PaymentsMock> = {
  vendor: 'square',
  role: 'payments',
  hosts: [],
  matches: () => false,
  keyed: false,
  create: () => {
    throw new Error('square: not built yet')
  },
}
