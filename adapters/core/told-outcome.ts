// How a model reads what its loop told it: a
// claim of success, of failure (safe to ask
// again or not, as the words say), or nothing
// conclusive. That reading is the outcome judged.
import type { Envelope } from '../../harness/contract/envelope.ts'
import { oneLine } from '../../harness/contract/one-line.ts'
import { effectId, looksLikeError, ownEnvelope } from './classifier.ts'
import type { LoopTold } from './loop-ask.ts'

// Words that leave the outcome open: a model
// told them cannot claim either way.
const OPEN =
  /\b(unknown|uncertain|not sure|may have|might have|may already|might already|could have|do not retry|don't retry|check (?:its|the) status)\b/i
// Words that invite the model to ask again.
const AGAIN = /\b(try again|retry|retrying|timed out|time ?out|temporar(?:y|ily)|rate.?limit|unavailable)\b/i
// Words that say a plain text failed...
const FAILED = /\b(error|failed|failure|exception|could not|cannot|can't|timed out|aborted)\b/i
// ...unless it also says it was done (not
// "could not be sent", "wasn't sent").
const DONE =
  /(?<!\bnot |n't |\bbe |\bnever )\b(succeeded|successful(?:ly)?|success|done|sent|issued|created|refunded|charged|completed)\b/i

/** The envelope a model's reading of `told` amounts to. */
export function toldOutcome(told: LoopTold, effectType: string): Envelope {
  if (told.kind === 'nothing' || (told.kind === 'result' && told.value === undefined))
    return {
      status: 'UNKNOWN',
      retry_safe: false,
      effect: null,
      action_taken: 'loop-said-nothing',
      message: oneLine(told.kind === 'nothing' ? told.reason : `${told.tool} gave the model no result`),
    }
  const said = told.kind === 'error' ? told.text : told.value
  const value = parsed(said)
  // faultline's envelope, however it is printed.
  const own = ownEnvelope(value)
  if (own) return own
  const text = typeof said === 'string' ? said : textOf(said)
  const message = oneLine(`${told.tool}: ${text}`)
  const reading = (status: Envelope['status'], retry_safe = false): Envelope => ({
    status,
    retry_safe,
    effect: null,
    action_taken: `loop-told-${told.kind}`,
    message,
  })
  // A value (JSON) reads by its fields, never by
  // the words in them ("funding": "unknown").
  const structured = typeof value === 'object' && value !== null
  if (told.kind === 'error') return OPEN.test(text) ? reading('UNKNOWN') : reading('FAILED_NO_EFFECT', AGAIN.test(text))
  if (structured && looksLikeError(value)) return reading('FAILED_NO_EFFECT')
  if (!structured && OPEN.test(text)) return reading('UNKNOWN')
  if (!structured && FAILED.test(text) && !DONE.test(text)) return reading('FAILED_NO_EFFECT', AGAIN.test(text))
  const id = effectId(value)
  return { ...reading('SUCCEEDED'), effect: id ? { type: effectType, id } : null }
}

/** A result as the model reads it: its text. */
function textOf(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value)
  } catch {
    return String(value)
  }
}

/** JSON text read back (any layout); else as is. */
function parsed(value: unknown): unknown {
  if (typeof value !== 'string') return value
  const t = value.trim()
  if (!t.startsWith('{') && !t.startsWith('[')) return value
  try {
    return JSON.parse(t)
  } catch {
    return value
  }
}
