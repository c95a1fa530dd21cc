// The faults compared, as a loopback server enacts
// them and as a scenario schedules them.
import type { RequestFault } from '../../../harness/faults/catalogue.ts'

export const FAULT_CASES = ['refused', 'reset-before-apply', 'reset-after-effect', 'no-answer'] as const
export type FaultCase = (typeof FAULT_CASES)[number]

/** The real server per case; both resets look alike. */
export type RealBehaviour = 'closed-port' | 'destroy-after-request' | 'never-answer'

export const REAL: Record<FaultCase, RealBehaviour> = {
  refused: 'closed-port',
  'reset-before-apply': 'destroy-after-request',
  'reset-after-effect': 'destroy-after-request',
  'no-answer': 'never-answer',
}

export const DESCRIPTION: Record<FaultCase, string> = {
  refused: '(a) connection refused',
  'reset-before-apply': '(b) reset after receipt, before apply',
  'reset-after-effect': '(b) reset after the effect',
  'no-answer': '(c) no answer until the client times out',
}

/**
 * The scenario's faults. A real server fails every
 * request alike and some clients retry on their own
 * (stripe-node, once), so the fault strikes the first
 * ATTEMPTS side-effecting requests.
 */
export const ATTEMPTS = 3

export function scenarioFaults(c: FaultCase): RequestFault[] {
  const attempts = Array.from({ length: ATTEMPTS }, (_, i) => i + 1)
  switch (c) {
    case 'refused':
      return attempts.map((send) => ({ kind: 'connection-refused', boundary: 'before-send', step: 's1', send }))
    case 'reset-before-apply':
      return attempts.map((send) => ({
        kind: 'server-fails-before-apply',
        boundary: 'after-receipt',
        step: 's1',
        send,
        mode: 'reset',
      }))
    case 'reset-after-effect':
      return attempts.map((send) => ({ kind: 'reset-after-effect', boundary: 'after-effect', step: 's1', send }))
    case 'no-answer':
      return attempts.map((send) => ({ kind: 'withhold-after-effect', boundary: 'after-effect', step: 's1', send }))
  }
}
