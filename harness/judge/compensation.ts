// Compensation judges. Effects made while a run is aborted belong to the
// harness's call `<run>#abort`; a compensation names what it acts on in the
// ledger (`target`: a refund's payment intent = the charge's id; a correction
// e-mail's original e-mail).
import { eventsOf, type History } from '../history/history.ts'
import { callsOf } from './calls.ts'
import type { Violation } from './finding.ts'
import { isAbortCall } from '../history/call-ids.ts'

/** Effect types that a compensation can undo or correct. */
const COMPENSABLE = new Set(['charge', 'email'])

/** A compensation for an effect that never happened (a refund of a charge never made, a correction of an e-mail never sent). */
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
 * After an abort, an effect the executor had confirmed (SUCCEEDED) and that
 * can be compensated was silently left as it was. A compensation the executor
 * reported as failed or left to a person (a non-SUCCEEDED envelope in its
 * abort report) excuses the effect it names in `compensates` — visible, not
 * silent — and no other. An executor without abort() was never asked: it is
 * not judged here.
 */
export function uncompensatedEffect(history: History): Violation[] {
  if (eventsOf(history, 'abort-requested').length === 0) return []
  const reports = eventsOf(history, 'abort-reported')
  if (reports.length > 0 && reports.every((r) => !r.supported)) return []
  const admitted = new Set(reports.flatMap((r) => r.envelopes.filter((x) => x.status !== 'SUCCEEDED' && x.compensates).map((x) => x.compensates!.id)))
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
        out.push({ judge: 'uncompensated-effect', call: v.call, tool: v.tool, boundaries: [], message: `${v.call}: confirmed ${e.type} ${e.effect} was not compensated when the run was aborted` })
      }
    }
  }
  return out
}
