// A fault for one request in a team's msw tests: the harness's own fault
// data (harness/faults/, docs/faults.md), without the address a scenario
// gives it — the route it is armed for says which request it strikes.
import { REQUEST_FAULTS, type RequestFault } from '../../harness/faults/catalogue.ts'
import type { Target } from '../../harness/faults/fault.ts'

type Unaddressed<F> = F extends unknown ? Omit<F, 'boundary' | 'step' | 'send' | 'probe'> : never

/** `{ kind: 'reset-after-effect' }`, `{ kind: 'error-response', status: 429 }`, …: a request fault's kind and parameters. */
export type MswFault = Unaddressed<RequestFault>

/** A fault checked against its kind's schema, with what it strikes: side-effecting requests, or reads. */
export interface CheckedFault {
  readonly fault: RequestFault
  readonly targets: Target
}

/** Check `fault` as a scenario's fault of its kind is checked; a bad one throws here, where the test armed it. */
export function checkFault(fault: MswFault): CheckedFault {
  const kind = REQUEST_FAULTS.find((k) => k.kind === (fault as { kind?: unknown } | null)?.kind)
  if (!kind) throw new Error(`faultline/msw: no fault kind ${JSON.stringify((fault as { kind?: unknown } | null)?.kind)}; kinds: ${REQUEST_FAULTS.map((k) => k.kind).join(', ')}`)
  // The address only satisfies the schema: the route decides which request is struck.
  const parsed = kind.schema.safeParse({ ...fault, boundary: kind.boundary, step: 'msw', [kind.targets]: 1 })
  if (!parsed.success) throw new Error(`faultline/msw: ${kind.kind}: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(fault)'}: ${i.message}`).join('; ')}`)
  return { fault: parsed.data as RequestFault, targets: kind.targets }
}
