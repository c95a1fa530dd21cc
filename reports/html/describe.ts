// The longer description of one event, for the timeline's tooltips and the
// folded text history: the shared sentence (reports/describe-event.ts) plus
// what it leaves out.
import type { HistoryEvent } from '../../harness/history/history.ts'
import { describeEvent } from '../kit/describe-event.ts'

export { describeEvent }

/** The longer tooltip: the sentence, plus what the sentence leaves out (the envelope's message, the args). */
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
