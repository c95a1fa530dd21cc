// Which turn, and so which deadline, was in force when.
import type { History } from '../history/history.ts'

/**
 * `deadlineAt(seq)`: the deadline
 * (virtual ms since the run started) of
 * the turn in force at position `seq`.
 */
export function turnDeadlines(history: History): (seq: number) => number {
  const turns: { seq: number; deadline: number }[] = []
  for (const e of history) {
    if (e.type === 'turn-started') turns.push({ seq: e.seq, deadline: e.deadline })
    else if (e.type === 'run-started' && turns.length === 0) turns.push({ seq: e.seq, deadline: e.deadline })
  }
  return (seq) => {
    let deadline = Infinity
    for (const t of turns) {
      if (t.seq > seq) break
      deadline = t.deadline
    }
    return deadline
  }
}
