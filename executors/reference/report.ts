// The report step (rule 6): the envelope tells
// the truth; UNKNOWN is never retry-safe. The
// intent log is written first.
import type { Envelope } from '../../harness/contract/envelope.ts'
import type { Ask } from './ask.ts'

export function succeeded(what: string, id: string, action: string): Envelope {
  return {
    status: 'SUCCEEDED',
    retry_safe: true,
    effect: { type: what, id },
    action_taken: action,
    message: `The ${what} ${id} is done.`,
  }
}

export function rejected(what: string, message: string, action: string): Envelope {
  return {
    status: 'FAILED_NO_EFFECT',
    retry_safe: false,
    effect: null,
    action_taken: action,
    message: `The ${what} was not done: ${message}.`,
  }
}

/** It happened: `effectId` is the effect. */
export function confirm(ask: Ask, effectId: string, action: string): Envelope {
  ask.state.log.mark(ask.key, 'SUCCEEDED', { effectId })
  return succeeded(ask.adapter.effectType, effectId, action)
}

/** It may or may not have happened. */
export function unresolved(ask: Ask, why: string): Envelope {
  ask.state.log.mark(ask.key, 'UNKNOWN')
  const what = ask.adapter.effectType
  return {
    status: 'UNKNOWN',
    retry_safe: false,
    effect: null,
    action_taken: 'unresolved',
    message: `The ${what} may or may not have happened: ${why}. Do not retry; it is recorded for reconciliation under ${ask.key}.`,
  }
}

/** It may have happened; only a person can tell. */
export function humanReview(ask: Ask): Envelope {
  const why = 'the service offers no way to look it up, and it cannot be made safe automatically; a person must check'
  return { ...unresolved(ask, why), action_taken: 'human-review' }
}

/** Refused as it stands: a resend won't help. */
export function refused(ask: Ask, detail: string): Envelope {
  ask.state.log.mark(ask.key, 'FAILED_NO_EFFECT', { permanent: true })
  return rejected(ask.adapter.effectType, `the service refused it (${detail})`, 'rejected')
}

/** A resend refused after a maybe-landed send. */
export function refusedAfterAmbiguity(ask: Ask, detail: string): Envelope {
  ask.state.log.mark(ask.key, 'UNKNOWN', { permanent: true })
  const what = ask.adapter.effectType
  const message = `The ${what} may or may not have happened: a resend was refused (${detail}) after an earlier attempt that may have landed. Do not retry.`
  return { status: 'UNKNOWN', retry_safe: false, effect: null, action_taken: 'unresolved', message }
}

/** A look taken as proof of no effect (not ours). */
export function provedAbsent(ask: Ask): Envelope {
  ask.state.log.mark(ask.key, 'FAILED_NO_EFFECT')
  const message = `The ${ask.adapter.effectType} did not happen (a look found nothing). It is safe to try again.`
  return { status: 'FAILED_NO_EFFECT', retry_safe: true, effect: null, action_taken: 'probed-absent', message }
}

/** Nothing landed: no budget, or never sent. */
export function notDone(ask: Ask, forLackOfBudget: boolean): Envelope {
  ask.state.log.mark(ask.key, 'FAILED_NO_EFFECT')
  const what = ask.adapter.effectType
  return {
    status: 'FAILED_NO_EFFECT',
    retry_safe: true,
    effect: null,
    action_taken: forLackOfBudget ? 'refused-budget' : 'not-sent',
    message: forLackOfBudget
      ? `The ${what} was not started: too little of the turn's time budget was left. It is safe to try again.`
      : `The ${what} did not happen (the request never reached the service). It is safe to try again.`,
  }
}
