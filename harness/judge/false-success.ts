import { boundariesOf, callsOf } from './calls.ts'
import type { Violation } from './finding.ts'
import type { History } from '../history/history.ts'

/** SUCCEEDED for a call that has no effect by the run's end. */
export function falseSuccess(history: History): Violation[] {
  const out: Violation[] = []
  for (const v of callsOf(history).values()) {
    const success = v.reports.find((r) => r.envelope.status === 'SUCCEEDED')
    if (success && v.effects.length === 0) {
      out.push({
        judge: 'false-success',
        call: v.call,
        tool: v.tool,
        boundaries: boundariesOf(v),
        message: `${v.call}: reported SUCCEEDED at ${success.t} ms (ask ${success.ask}) but the ledger has no effect for it`,
      })
    }
  }
  return out
}
