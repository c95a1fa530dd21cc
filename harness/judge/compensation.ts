// Compensation judges. An abort is the call
// `<run>#abort`; a compensation's ledger `target`
// names what it acts on (a charge, an e-mail).
import { eventsOf, type History } from '../history/history.ts'
import { callsOf } from './calls.ts'
import type { Violation } from './finding.ts'
import { isAbortCall } from '../history/call-ids.ts'

/** Effect types a compensation can undo or correct. */
const COMPENSABLE = new Set(['charge', 'email'])

/**
 * A compensation for an effect that never
 * happened (a refund of a charge never made).
 */
export function phantomCompensation(history: History): Violation[] {
  const effects = eventsOf(history, 'effect-applied')
  const real = new Set(effects.filter((e) => !isAbortCall(e.call)).map((e) => e.effect))
  return effects
    .filter((e) => isAbortCall(e.call) && e.target !== null && !real.has(e.target))
    .map((e) => ({
      judge: 'phantom-compensation' as const,
      call: e.call,
      tool: null,
      boundaries: [],
      message: `${e.call}: ${e.effectType} ${e.effect} compensates ${e.target}, which never happened`,
    }))
}

/**
 * After an abort, a confirmed compensable
 * effect silently left as it was. A failed
 * compensation excuses only the effect it
 * names (docs/internals/engine.md).
 */
export function uncompensatedEffect(history: History): Violation[] {
  if (eventsOf(history, 'abort-requested').length === 0) return []
  const reports = eventsOf(history, 'abort-reported')
  if (reports.length > 0 && reports.every((r) => !r.supported)) return []
  const admitted = new Set(
    reports.flatMap((r) =>
      r.envelopes.filter((x) => x.status !== 'SUCCEEDED' && x.compensates).map((x) => x.compensates!.id),
    ),
  )
  const compensated = new Set(
    eventsOf(history, 'effect-applied')
      .filter((e) => isAbortCall(e.call) && e.target !== null)
      .map((e) => e.target!),
  )
  const out: Violation[] = []
  for (const v of callsOf(history).values()) {
    if (isAbortCall(v.call) || v.reports.at(-1)?.envelope.status !== 'SUCCEEDED') continue
    for (const e of v.effects) {
      if (COMPENSABLE.has(e.type) && !compensated.has(e.effect) && !admitted.has(e.effect)) {
        out.push({
          judge: 'uncompensated-effect',
          call: v.call,
          tool: v.tool,
          boundaries: [],
          message: `${v.call}: confirmed ${e.type} ${e.effect} was not compensated when the run was aborted`,
        })
      }
    }
  }
  return out
}
