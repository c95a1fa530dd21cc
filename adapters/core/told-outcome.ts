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
// Words that say a plain value failed.
const FAILED = /\b(error|failed|failure|exception|could not|cannot|can't|timed out|aborted)\b/i

/** The envelope a model's reading of `told` amounts to. */
export function toldOutcome(told: LoopTold, effectType: string): Envelope {
  if (told.kind === 'nothing')
    return {
      status: 'UNKNOWN',
      retry_safe: false,
      effect: null,
      action_taken: 'loop-said-nothing',
      message: oneLine(told.reason),
    }
  if (told.kind === 'result') {
    const own = ownEnvelope(told.value)
    if (own) return own
  }
  const text = told.kind === 'error' ? told.text : textOf(told.value)
  const message = oneLine(`${told.tool}: ${text}`)
  if (OPEN.test(text))
    return { status: 'UNKNOWN', retry_safe: false, effect: null, action_taken: `loop-told-${told.kind}`, message }
  if (told.kind === 'error' || failed(told.value, text))
    return {
      status: 'FAILED_NO_EFFECT',
      retry_safe: AGAIN.test(text),
      effect: null,
      action_taken: `loop-told-${told.kind}`,
      message,
    }
  const id = told.kind === 'result' ? effectId(parsed(told.value)) : null
  return {
    status: 'SUCCEEDED',
    retry_safe: false,
    effect: id ? { type: effectType, id } : null,
    action_taken: 'loop-told-result',
    message,
  }
}

/** Text reads by its words; a value by its fields. */
function failed(value: unknown, text: string): boolean {
  const v = parsed(value)
  return typeof v === 'object' && v !== null ? looksLikeError(v) : FAILED.test(text)
}

/** A result as the model reads it: its text. */
function textOf(value: unknown): string {
  if (typeof value === 'string') return value
  try {
    return JSON.stringify(value) ?? String(value)
  } catch {
    return String(value)
  }
}

/** JSON text read back, for an id. */
function parsed(value: unknown): unknown {
  if (typeof value !== 'string') return value
  try {
    return JSON.parse(value)
  } catch {
    return value
  }
}
