// An event's longer description, for the
// timeline's tooltips.
import type { HistoryEvent } from '../../harness/history/history.ts'
import { describeEvent } from '../kit/describe-event.ts'

export { describeEvent }

/**
 * The sentence plus what it leaves out (the
 * envelope, the attempt's details).
 */
export function eventDetail(e: HistoryEvent): string {
  const head = `#${e.seq} at ${e.t} ms — ${describeEvent(e)}`
  switch (e.type) {
    case 'outcome-reported':
      return `${head}\nenvelope: ${JSON.stringify(e.envelope)}`
    case 'abort-reported':
      return e.envelopes.length ? `${head}\nenvelopes: ${JSON.stringify(e.envelopes)}` : head
    case 'effect-applied':
      return `${head}\nservice ${e.service}, ${e.call ? `call ${e.call}` : 'outside any call'}${e.target ? `, acts on ${e.target}` : ''}`
    case 'attempt-sent':
      return `${head}\nprocess ${e.generation ?? '—'}, mutation ${e.mutation}, fingerprint ${e.fingerprint}${e.forwardedDeadline !== null ? `, forwarded deadline ${e.forwardedDeadline} ms` : ''}`
    case 'fault-injected':
      return `${head}${e.call ? ` (${e.call})` : ''}`
    default:
      return head
  }
}
