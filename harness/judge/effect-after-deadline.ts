// Effects landing after their turn's deadline,
// blamed only where the executor could prevent them
// (docs/internals/engine.md); the rest: lateEffects.
import { eventsOf, type History, type HistoryEvent } from '../history/history.ts'
import { boundariesOf, callsOf } from './calls.ts'
import type { Violation } from './finding.ts'
import { turnDeadlines } from './turns.ts'

/** With less than this of its turn left, start no side effect. */
export const MIN_SIDE_EFFECT_BUDGET_MS = 2_000

type Late = {
  readonly effect: Extract<HistoryEvent, { type: 'effect-applied' }>
  readonly deadline: number
  readonly why: string | null
  /** Sent by a process given no deadline. */
  readonly unseen: boolean
}

/** Why, where a forwarded deadline was the fix. */
export const UNFORWARDED =
  'the service honours a forwarded deadline (X-Request-Deadline, the deadline-forwarding profile) and the request forwarded none'
export const FORWARDED_LATE = 'the request forwarded a deadline'

function lateOnes(history: History): Late[] {
  const deadlineAt = turnDeadlines(history)
  const sent = new Map(eventsOf(history, 'attempt-sent').map((a) => [a.attempt, a]))
  const honoured = eventsOf(history, 'run-started')[0]?.profile.includes('deadline-forwarding') ?? false
  // A process whose tools got no deadline cannot
  // weigh the time left (an MCP probe's branch).
  const blind = new Set(
    eventsOf(history, 'process-booted')
      .filter((b) => b.seesDeadline === false)
      .map((b) => b.generation),
  )
  const out: Late[] = []
  for (const e of eventsOf(history, 'effect-applied')) {
    const attempt = sent.get(e.attempt)
    const deadline = deadlineAt(attempt?.seq ?? e.seq)
    if (e.t <= deadline) continue
    let why: string | null = null
    const seen = attempt?.generation == null || !blind.has(attempt.generation)
    if (attempt && seen && deadline - attempt.t < MIN_SIDE_EFFECT_BUDGET_MS)
      why =
        attempt.t > deadline
          ? `it was sent at ${attempt.t} ms, ${attempt.t - deadline} ms after its turn's deadline`
          : `it was sent at ${attempt.t} ms, with ${deadline - attempt.t} ms of its turn left (less than ${MIN_SIDE_EFFECT_BUDGET_MS} ms)`
    else if (
      attempt &&
      seen &&
      honoured &&
      (attempt.forwardedDeadline === null || attempt.forwardedDeadline > deadline)
    ) {
      why =
        attempt.forwardedDeadline === null
          ? UNFORWARDED
          : `${FORWARDED_LATE} (${attempt.forwardedDeadline} ms) past the turn's`
    }
    out.push({ effect: e, deadline, why, unseen: !seen })
  }
  return out
}

/** A late effect the executor could have prevented. */
export function effectAfterDeadline(history: History): Violation[] {
  const calls = callsOf(history)
  return lateOnes(history)
    .filter((l) => l.why !== null)
    .map(({ effect: e, deadline, why }) => {
      const v = e.call ? calls.get(e.call) : undefined
      return {
        judge: 'effect-after-deadline' as const,
        call: e.call,
        tool: v?.tool || null,
        boundaries: v ? boundariesOf(v) : [],
        message: `${e.call ?? 'run'}: ${e.effectType} ${e.effect} applied at ${e.t} ms, after the turn's deadline at ${deadline} ms (attempt ${e.attempt}): ${why}`,
      }
    })
}

/**
 * A measure: effects that landed after
 * their turn's deadline where the
 * executor could not have stopped them.
 */
export function lateEffects(history: History): number {
  return lateOnes(history).filter((l) => l.why === null).length
}

/**
 * Of those, the ones a process sent that said
 * its tools get no deadline (seesDeadline:
 * false): self-declared, so a report says so.
 */
export function lateUnseen(history: History): number {
  return lateOnes(history).filter((l) => l.why === null && l.unseen).length
}
