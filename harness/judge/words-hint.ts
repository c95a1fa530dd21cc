// A report read from a tool's words: the
// finding quotes them (two probes fixed a tool
// that had said "nothing was sent", told to
// stop claiming success), and says the words
// may be the tool's mistake, not the reading.
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
  if (by === 'classifier')
    return `; the adapter's classifier made that report, reading ${read}: if the tool said so, the tool is wrong (it spoke without the outcome in hand); if that misreads it, return faultline's envelope, or give the adapter a classifier (or fix yours; docs/adapters.md)`
  // An error's words are the framework's or the
  // host's, not the tool's (an MCP probe's host).
  if (envelope.action_taken === `${LOOP_TOLD}error`)
    return `; that is how the model reads what it was told, ${read}: an error's words are your framework's or host's (MCP's toldOnError, LangChain's ToolNode or toolRetryMiddleware's onFailure, the Agents tool's errorFunction), or the tool's if it threw: word the error as it is, or return faultline's envelope (docs/agent-loops.md)`
  return `; that is how the model reads what it was told, ${read}: if that misreads the tool, return faultline's envelope or words it cannot misread (docs/agent-loops.md)`
}
