// STUB (lead): the ses helper replaces this file.
import type { VendorSpec } from '../vendor-spec.ts'

export const SES_VENDOR: VendorSpec = {
  vendor: 'ses',
  role: 'email',
  hosts: [],
  matches: () => false,
  keyed: false,
  create: () => {
    throw new Error('ses: not built yet')
  },
}
