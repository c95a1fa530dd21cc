// A fault for one request in a team's msw
// tests: a harness fault without its
// address; the route says what it strikes.
import { REQUEST_FAULTS, type RequestFault } from '../../harness/faults/catalogue.ts'
import type { Target } from '../../harness/faults/fault.ts'

type Unaddressed<F> = F extends unknown ? Omit<F, 'boundary' | 'step' | 'send' | 'probe'> : never

/**
 * A request fault's kind and parameters,
 * e.g. `{ kind: 'reset-after-effect' }`.
 */
export type MswFault = Unaddressed<RequestFault>

/**
 * A fault checked against its kind's schema,
 * and what it strikes (sends or reads).
 */
export interface CheckedFault {
  readonly fault: RequestFault
  readonly targets: Target
}

/**
 * Checks `fault` as a scenario's; a bad one
 * throws where the test armed it.
 */
export function checkFault(fault: MswFault): CheckedFault {
  const kind = REQUEST_FAULTS.find((k) => k.kind === (fault as { kind?: unknown } | null)?.kind)
  if (!kind)
    throw new Error(
      `faultline/msw: no fault kind ${JSON.stringify((fault as { kind?: unknown } | null)?.kind)}; kinds: ${REQUEST_FAULTS.map((k) => k.kind).join(', ')}`,
    )
  // A dummy address for the schema: the
  // route decides what is struck.
  const parsed = kind.schema.safeParse({ ...fault, boundary: kind.boundary, step: 'msw', [kind.targets]: 1 })
  if (!parsed.success)
    throw new Error(
      `faultline/msw: ${kind.kind}: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(fault)'}: ${i.message}`).join('; ')}`,
    )
  return { fault: parsed.data as RequestFault, targets: kind.targets }
}
