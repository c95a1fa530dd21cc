import { boundariesOf, callsOf } from './calls.ts'
import type { Violation } from './finding.ts'
import type { History } from '../run/history.ts'

/** A tool call whose effect happened more than once. */
export function duplicateEffect(history: History): Violation[] {
  const out: Violation[] = []
  for (const v of callsOf(history).values()) {
    if (v.effects.length > 1) {
      out.push({
        judge: 'duplicate-effect',
        call: v.call,
        tool: v.tool,
        boundaries: boundariesOf(v),
        message: `${v.call}: ${v.effects.length} effects for one tool call (${v.effects.map((e) => `${e.effect} by attempt ${e.attempt}`).join(', ')})`,
      })
    }
  }
  return out
}
