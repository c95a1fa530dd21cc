// What an executor declares of itself, read once
// at load and defensively: its answer shapes the
// campaign, so a bad one fails the load (exit 2).
import { IDENTITY_POLICIES, type IdentityPolicy, OPT_IN_BOUNDARIES, type OptInBoundary } from '../contract/executor.ts'
import type { Executor } from '../contract/executor.ts'
import { oneLine } from '../contract/one-line.ts'
import { attempt } from '../contract/safe-read.ts'
import { TOOLS } from '../contract/tools.ts'
import { type VendorName, type Vendors, VENDOR_NAMES, vendorsListProblem } from '../contract/vendors.ts'

/** A declaration with its defaults filled in. */
export interface Declared {
  /** faultline tools it offers, in TOOLS order. */
  readonly tools: readonly string[]
  readonly identity: IdentityPolicy
  /** Opt-in boundaries it has (tool-transport); absent: none. */
  readonly boundaries?: readonly OptInBoundary[]
  /** The vendors it speaks; absent: any. */
  readonly vendors?: readonly VendorName[]
}

export const UNDECLARED: Declared = { tools: Object.keys(TOOLS), identity: 'per-step' }

/** The declaration, or a one-line problem. */
export async function readDeclaration(executor: Executor): Promise<Declared | string> {
  let raw: unknown
  try {
    const declare = executor.declare
    if (declare === undefined) return UNDECLARED
    if (typeof declare !== 'function') return 'its "declare" is not a function'
    raw = await declare.call(executor)
  } catch (e) {
    // An adapter's own words: a binding's mistake
    // told to the team, not a throw of its code.
    const told = attempt(() => (e instanceof Error && e.name === 'AdapterError' ? oneLine(e.message) : null), null)
    return told ?? `declare() threw: ${oneLine(e)}`
  }
  if (raw === undefined) return UNDECLARED
  if (typeof raw !== 'object' || raw === null) return 'declare() must return an object ({ tools?, identity? })'
  try {
    const { tools, identity, boundaries, vendors } = raw as {
      tools?: unknown
      identity?: unknown
      boundaries?: unknown
      vendors?: unknown
    }
    if (identity !== undefined && !IDENTITY_POLICIES.includes(identity as IdentityPolicy))
      return `declare() gave identity ${oneLine(identity)}: use ${IDENTITY_POLICIES.map((p) => `"${p}"`).join(' or ')}`
    const all = Object.keys(TOOLS)
    if (tools !== undefined) {
      if (!Array.isArray(tools) || tools.length === 0) return 'declare() gave tools that are not a non-empty array'
      const unknown = tools.find((t) => !all.includes(t as string))
      if (unknown !== undefined)
        return `declare() offers "${oneLine(unknown)}", which is not a faultline tool (use ${all.join(', ')})`
    }
    if (boundaries !== undefined) {
      if (!Array.isArray(boundaries)) return 'declare() gave boundaries that are not an array'
      const other = boundaries.find((b) => !OPT_IN_BOUNDARIES.includes(b as OptInBoundary))
      if (other !== undefined)
        return `declare() gave boundary "${oneLine(other)}", which is not opt-in (use ${OPT_IN_BOUNDARIES.join(', ')})`
    }
    const unplayed = vendors === undefined ? null : vendorsListProblem(vendors)
    if (unplayed) return `declare() gave vendors ${unplayed}`
    const opted = OPT_IN_BOUNDARIES.filter((b) => (boundaries as unknown[] | undefined)?.includes(b))
    return {
      tools: tools === undefined ? all : all.filter((t) => (tools as unknown[]).includes(t)),
      identity: (identity as IdentityPolicy | undefined) ?? 'per-step',
      ...(opted.length > 0 && { boundaries: opted }),
      ...(vendors !== undefined && {
        vendors: VENDOR_NAMES.filter((v) => (vendors as unknown[]).includes(v)),
      }),
    }
  } catch (e) {
    return `reading the declaration threw: ${oneLine(e)}`
  }
}

/**
 * Does it speak the run's vendors of the
 * services its tools reach? The first it
 * does not speak, else null.
 */
export function unspokenVendor(
  declared: (Pick<Declared, 'vendors'> & Partial<Pick<Declared, 'tools'>>) | undefined,
  vendors: Vendors,
): VendorName | null {
  if (!declared?.vendors) return null
  const roles = rolesReached(declared)
  if (roles.has('payments') && !declared.vendors.includes(vendors.payments)) return vendors.payments
  if (roles.has('email') && !declared.vendors.includes(vendors.email)) return vendors.email
  return null
}

/** The services its tools reach (all: undeclared). */
export function rolesReached(declared: Partial<Pick<Declared, 'tools'>> | undefined): ReadonlySet<string> {
  return new Set((declared?.tools ?? Object.keys(TOOLS)).map((t) => TOOLS[t]?.service ?? ''))
}

/** Do two pairs agree on every service its tools reach? */
export function samePairFor(declared: Partial<Pick<Declared, 'tools'>> | undefined, a: Vendors, b: Vendors): boolean {
  const roles = rolesReached(declared)
  return (!roles.has('payments') || a.payments === b.payments) && (!roles.has('email') || a.email === b.email)
}
