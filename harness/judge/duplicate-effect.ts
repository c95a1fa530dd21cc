import { boundariesOf, callsOf } from './calls.ts'
import type { Violation } from './finding.ts'
import { isAbortCall } from '../history/call-ids.ts'
import type { History } from '../history/history.ts'

/**
 * A tool call whose effect happened more than once
 * (for an abort: one effect compensated twice).
 */
export function duplicateEffect(history: History): Violation[] {
  const out: Violation[] = []
  for (const v of callsOf(history).values()) {
    if (isAbortCall(v.call)) {
      const byTarget = new Map<string, string[]>()
      for (const e of v.effects)
        byTarget.set(e.target ?? e.effect, [...(byTarget.get(e.target ?? e.effect) ?? []), e.effect])
      for (const [target, effects] of byTarget) {
        if (effects.length > 1)
          out.push({
            judge: 'duplicate-effect',
            call: v.call,
            tool: null,
            boundaries: [],
            message: `${v.call}: ${target} was compensated ${effects.length} times (${effects.join(', ')})`,
          })
      }
      continue
    }
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
