import type { History } from '../history/history.ts'

/**
 * A measure: asks answered FAILED_NO_EFFECT
 * without sending a request (refused to
 * start, say for lack of budget).
 */
export function notStarted(history: History): number {
  let count = 0
  let open: { call: string; sent: number } | null = null
  for (const e of history) {
    if (e.type === 'call-started') open = { call: e.call, sent: 0 }
    else if (e.type === 'attempt-sent' && open && e.call === open.call) open.sent++
    else if (e.type === 'outcome-reported' && open && e.call === open.call) {
      if (e.envelope.status === 'FAILED_NO_EFFECT' && open.sent === 0) count++
      open = null
    }
  }
  return count
}
