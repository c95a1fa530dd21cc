// STUB (lead): the sendgrid helper replaces this file.
import type { VendorSpec } from '../vendor-spec.ts'

export const SENDGRID_VENDOR: VendorSpec = {
  vendor: 'sendgrid',
  role: 'email',
  hosts: [],
  matches: () => false,
  keyed: false,
  create: () => {
    throw new Error('sendgrid: not built yet')
  },
}
