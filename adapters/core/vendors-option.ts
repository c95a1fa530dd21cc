// The vendors a team's tools speak, as an
// option: a Stripe tool in a Square campaign
// can only fail, and compare ranked it last
// (a probe); declared, it is left out.
import { vendorsListProblem } from '../../harness/contract/vendors.ts'

/** What is wrong with the option, or null. */
export function vendorsProblem(vendors: unknown): string | null {
  if (vendors === undefined) return null
  const problem = vendorsListProblem(vendors)
  return problem && `vendors: ${problem}`
}
