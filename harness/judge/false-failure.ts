import { attemptsBefore, boundariesOf, callsOf } from './calls.ts'
import { wordsHint } from './words-hint.ts'
import type { Violation } from './finding.ts'
import type { History } from '../history/history.ts'

/**
 * FAILED_NO_EFFECT for a call with an effect
 * from an attempt sent before the report,
 * even if the effect landed after it.
 */
export function falseFailure(history: History): Violation[] {
  const out: Violation[] = []
  for (const v of callsOf(history).values()) {
    for (const r of v.reports) {
      if (r.envelope.status !== 'FAILED_NO_EFFECT') continue
      const before = attemptsBefore(v, r.seq)
      const effect = v.effects.find((e) => before.has(e.attempt))
      if (effect) {
        out.push({
          judge: 'false-failure',
          call: v.call,
          tool: v.tool,
          boundaries: boundariesOf(v),
          message:
            `${v.call}: reported FAILED_NO_EFFECT at ${r.t} ms (ask ${r.ask}) but attempt ${effect.attempt}, sent before, applied ${effect.effect} at ${effect.t} ms` +
            wordsHint(r.envelope),
        })
        break
      }
    }
  }
  return out
}
