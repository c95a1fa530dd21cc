import { eventsOf, type History } from '../run/history.ts'
import { boundariesOf, callsOf } from './calls.ts'
import type { Violation } from './finding.ts'
import { turnDeadlines } from './turns.ts'

/** An effect applied after the deadline of the turn in which its request was sent. */
export function effectAfterDeadline(history: History): Violation[] {
  const deadlineAt = turnDeadlines(history)
  const sentAt = new Map(eventsOf(history, 'attempt-sent').map((a) => [a.attempt, a.seq]))
  const calls = callsOf(history)
  const out: Violation[] = []
  for (const e of eventsOf(history, 'effect-applied')) {
    const deadline = deadlineAt(sentAt.get(e.attempt) ?? e.seq)
    if (e.t > deadline) {
      const v = e.call ? calls.get(e.call) : undefined
      out.push({
        judge: 'effect-after-deadline',
        call: e.call,
        tool: v?.tool || null,
        boundaries: v ? boundariesOf(v) : [],
        message: `${e.call ?? 'run'}: ${e.effectType} ${e.effect} applied at ${e.t} ms, after the turn's deadline at ${deadline} ms (attempt ${e.attempt})`,
      })
    }
  }
  return out
}
