// What a run's first ask was told when no tool
// call of the run reached a service: the one
// reason a campaign that tested nothing has
// from the executor ("the run stopped for
// approval"), beside the counts.
import type { OutcomeStatus } from '../contract/envelope.ts'
import { oneLine } from '../contract/one-line.ts'
import { isAbortCall } from '../history/call-ids.ts'
import type { History } from '../history/history.ts'

export interface Unsent {
  readonly call: string
  readonly status: OutcomeStatus
  /** Its message, one line, at most MESSAGE_CHARS. */
  readonly message: string
}

/** A message's share of a report line. */
export const MESSAGE_CHARS = 160

/**
 * The first ask's answer, or null: some
 * request reached a service, or none was told.
 */
export function firstUnsent(history: History): Unsent | null {
  let first: Unsent | null = null
  for (const e of history) {
    if (e.type === 'attempt-sent' && !isAbortCall(e.call) && e.call !== null) return null
    if (e.type === 'outcome-reported' && first === null) {
      // Cut by code points: no half an emoji.
      const chars = [...oneLine(e.envelope.message)]
      const message = chars.length > MESSAGE_CHARS ? `${chars.slice(0, MESSAGE_CHARS - 1).join('')}…` : chars.join('')
      first = { call: e.call, status: e.envelope.status, message }
    }
  }
  return first
}
