import { boundariesOf, type CallView, callsOf } from './calls.ts'
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
        message: `${v.call}: ${v.effects.length} effects for one tool call${overAsks(v)} (${v.effects.map((e) => `${e.effect} by attempt ${e.attempt}${inAsk(v, e.attempt)}`).join(', ')})${pastKeyLife(v.effects)}`,
      })
    }
  }
  return out
}

/** How long Stripe and Resend keep a key (docs/vendors.md S6, R1; Q7 chosen). */
const KEY_KEPT_MS = 24 * 60 * 60 * 1000

/**
 * Effects a day or more apart: one key may have
 * outlived its vendor's memory (a probe's team,
 * one key per operation, read the 25 h pause off
 * the times). The history holds no keys: an if.
 */
function pastKeyLife(effects: readonly { readonly t: number }[]): string {
  const apart = effects.at(-1)!.t - effects[0]!.t
  if (apart < KEY_KEPT_MS) return ''
  const hours = Math.floor(apart / 3_600_000)
  return `; ${hours} h apart: if one idempotency key went with both, it had outlived its vendor's memory (Stripe and Resend keep a key 24 h, as faultline's Square does, its own retention unpublished: docs/vendors.md), so look the effect up before resending after a long pause`
}

/** The ask an attempt went in, when effects span asks. */
const askOf = (v: CallView, attempt: number) => v.attempts.find((a) => a.attempt === attempt)?.ask ?? 0

/** Effects sent in more than one ask of the model. */
function spansAsks(v: CallView): boolean {
  return new Set(v.effects.map((e) => askOf(v, e.attempt))).size > 1
}

/** ", over 2 asks of the model": one tool call is every ask of a step. */
const overAsks = (v: CallView) => (spansAsks(v) ? `, over ${v.asks} asks of the model` : '')

const inAsk = (v: CallView, attempt: number) => (spansAsks(v) ? ` in ask ${askOf(v, attempt)}` : '')
