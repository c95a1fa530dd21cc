// How a model reads what its loop told it: a
// claim of success, of failure (safe to ask
// again or not, as the words say), or nothing
// conclusive. That reading is the outcome judged.
import { type Envelope, LOOP_TOLD } from '../../harness/contract/envelope.ts'
import { oneLine } from '../../harness/contract/one-line.ts'
import { effectId, looksLikeError, ownEnvelope } from './classifier.ts'
import type { LoopTold } from './loop-ask.ts'
import { errorInvitesAgain, invitesAgain, linesJoined, readBack, valueLeftOpen, wordsClaim } from './told-words.ts'

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
  const value = readBack(said)
  // faultline's envelope, however it is printed.
  const own = ownEnvelope(value)
  if (own) return own
  const text = typeof said === 'string' ? said : textOf(said)
  const message = oneLine(`${told.tool}: ${linesJoined(text)}`)
  const reading = (status: Envelope['status'], retry_safe = false): Envelope => ({
    status,
    retry_safe,
    effect: null,
    action_taken: `${LOOP_TOLD}${told.kind}`,
    message,
  })
  if (told.kind === 'error')
    return wordsClaim(text).claim === 'open' ? reading('UNKNOWN') : reading('FAILED_NO_EFFECT', invitesAgain(text))
  // A value (JSON) reads by its fields, never by
  // the words in them ("funding": "unknown").
  if (typeof value === 'object' && value !== null) {
    const error = looksLikeError(value)
    if (valueLeftOpen(value, error)) return reading('UNKNOWN')
    if (error) return reading('FAILED_NO_EFFECT', errorInvitesAgain(value))
  } else {
    const words = wordsClaim(text)
    if (words.claim === 'open') return reading('UNKNOWN')
    if (words.claim === 'failed') return reading('FAILED_NO_EFFECT', words.again)
  }
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
