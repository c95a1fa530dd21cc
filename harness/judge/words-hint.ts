// A report read from a tool's words: the
// finding quotes them (two probes fixed a tool
// that had said "nothing was sent", told to
// stop claiming success).
import { CLASSIFIED, type Envelope, LOOP_TOLD } from '../contract/envelope.ts'

/**
 * Who read a tool's words into this report:
 * the adapter's classifier, loop mode's
 * reading, or nobody (the tool's own).
 */
function readFromWords(envelope: Envelope): 'classifier' | 'loop' | null {
  const a = envelope.action_taken
  return a.startsWith(CLASSIFIED) ? 'classifier' : a.startsWith(LOOP_TOLD) ? 'loop' : null
}

/** '' unless words were read into `envelope`. */
export function wordsHint(envelope: Envelope): string {
  const by = readFromWords(envelope)
  if (by === null) return ''
  const read = `"${envelope.message}" as ${envelope.status}`
  return by === 'classifier'
    ? `; the adapter's classifier made that report, reading ${read}: if that misreads the tool, return faultline's envelope, or give the adapter a classifier (or fix yours; docs/adapters.md)`
    : `; that is how the model reads what it was told, ${read}: if that misreads the tool, return faultline's envelope or words it cannot misread (docs/agent-loops.md)`
}
