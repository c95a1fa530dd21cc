import type { History } from '../history/history.ts'
import { boundariesOf, callsOf } from './calls.ts'
import type { Violation } from './finding.ts'

/** UNKNOWN with retry_safe: true invites a second effect. */
export function unknownRetrySafe(history: History): Violation[] {
  const out: Violation[] = []
  for (const v of callsOf(history).values()) {
    for (const r of v.reports) {
      if (r.envelope.status === 'UNKNOWN' && r.envelope.retry_safe) {
        out.push({
          judge: 'unknown-retry-safe',
          call: v.call,
          tool: v.tool,
          boundaries: boundariesOf(v),
          message: `${v.call}: ask ${r.ask} reported UNKNOWN with retry_safe: true`,
        })
        break
      }
    }
  }
  return out
}
