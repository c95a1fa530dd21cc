// The vendors a team's tools speak, as an
// option: a Stripe tool in a Square campaign
// can only fail, and compare ranked it last
// (a probe); declared, it is left out.
import { EMAIL_VENDORS, PAYMENTS_VENDORS } from '../../harness/contract/vendors.ts'

const ALL: readonly string[] = [...PAYMENTS_VENDORS, ...EMAIL_VENDORS]

/** What is wrong with the option, or null. */
export function vendorsProblem(vendors: unknown): string | null {
  if (vendors === undefined) return null
  if (!Array.isArray(vendors) || vendors.length === 0)
    return `vendors must be a non-empty array of vendor names (${ALL.join(', ')})`
  const other = vendors.find((v) => !ALL.includes(v))
  if (other === undefined) return null
  return `vendors names "${String(other)}", which faultline does not play (use ${ALL.join(', ')})`
}
