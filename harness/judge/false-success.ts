import { boundariesOf, type CallView, callsOf } from './calls.ts'
import { wordsHint } from './words-hint.ts'
import type { Violation } from './finding.ts'
import type { CallId, History } from '../history/history.ts'

/** SUCCEEDED for a call that has no effect by the run's end. */
export function falseSuccess(history: History): Violation[] {
  const out: Violation[] = []
  const calls = callsOf(history)
  for (const v of calls.values()) {
    const success = v.reports.find((r) => r.envelope.status === 'SUCCEEDED')
    if (success && v.effects.length === 0) {
      const merged = replayOf(history, v, calls)
      out.push({
        judge: 'false-success',
        call: v.call,
        tool: v.tool,
        boundaries: boundariesOf(v),
        message:
          `${v.call}: reported SUCCEEDED at ${success.t} ms (ask ${success.ask}) but the ledger has no effect for it` +
          (merged ? mergedHint(merged) : '') +
          wordsHint(success.envelope),
      })
    }
  }
  return out
}

/**
 * A key made from the arguments: a team's
 * first try, and it reads as a lie. Say why.
 */
const mergedHint = (other: CallId) =>
  `; its request was answered as a replay of ${other}'s, the same request under the same key: derive the key from the operation (operationOf), or declare identity: 'per-run' if your tools mean one operation by the same arguments (docs/adapters.md, "Operation identity")`

/**
 * The call whose effect `v`'s replayed answer
 * was: the same request (fingerprint), or null.
 */
function replayOf(history: History, v: CallView, calls: ReadonlyMap<CallId, CallView>): CallId | null {
  const sent = new Map<number, string>()
  const replayed = new Set<number>()
  for (const e of history) {
    if (e.type === 'attempt-sent') sent.set(e.attempt, e.fingerprint)
    else if (e.type === 'response-sent' && e.replayed) replayed.add(e.attempt)
  }
  const prints = new Set(v.attempts.filter((a) => replayed.has(a.attempt)).map((a) => sent.get(a.attempt)))
  if (prints.size === 0) return null
  for (const w of calls.values()) if (w !== v && w.effects.some((x) => prints.has(sent.get(x.attempt)))) return w.call
  return null
}
