// The send step: send and resend (same body, the
// policy's key) until an answer settles it or
// sends or budget run out. An ambiguous answer
// is reconciled before a resend.
import type { Envelope } from '../../harness/contract/envelope.ts'
import { left, type Ask } from './ask.ts'
import { classify, type Classified } from './classify.ts'
import { lookUp, reconcile } from './reconcile.ts'
import { confirm, notDone, refused, refusedAfterAmbiguity, unresolved } from './report.ts'
import { sleep } from './sleep.ts'

/** `ambiguous`: an earlier send may have landed. */
export async function sendUntilSettled(ask: Ask, ambiguous: boolean): Promise<Envelope> {
  const { policy, waits } = ask.state
  const service = ask.adapter.service
  let notBefore = waits.get(service) ?? 0 // Retry-After from any ask or operation
  for (let attempt = 0; attempt < policy.resend.maxSends; ) {
    notBefore = Math.max(notBefore, waits.get(service) ?? 0)
    if (Date.now() < notBefore) {
      if (!policy.budget.mayStart(left(ask) - (notBefore - Date.now()))) break
      await sleep(notBefore - Date.now())
    }
    if (!policy.budget.mayStart(left(ask))) break
    attempt++
    const got = await sendOnce(ask, attempt, ambiguous)
    switch (got.class) {
      case 'applied':
        // The service's effect id, else our reference.
        return confirm(
          ask,
          ask.adapter.effectId(got.body) ?? ask.key,
          attempt === 1 && !ambiguous ? 'sent' : 'resent-same-key',
        )
      case 'rejected':
        return ambiguous ? refusedAfterLanding(ask, got) : refused(ask, got.detail)
      case 'not-sent':
        if (got.retryAfterMs === undefined) {
          await sleep(policy.resend.backoffMs(attempt))
          break
        }
        // A 429: wait as told (if budget allows), resend.
        notBefore = Date.now() + Math.max(policy.retryAfter(got.retryAfterMs), policy.resend.backoffMs(1))
        waits.set(service, notBefore)
        break
      case 'ambiguous': {
        // A 409 in flight asks no pause; others may.
        if (got.retryAfterMs !== undefined && !got.inFlight)
          waits.set(service, (notBefore = Date.now() + policy.retryAfter(got.retryAfterMs)))
        ambiguous = true
        ask.state.log.mark(ask.key, 'UNKNOWN')
        const next = await reconcile(ask)
        if (next !== 'resend') return next
        break
      }
    }
  }
  if (ambiguous) return unresolved(ask, 'it could not be confirmed before the deadline')
  return notDone(ask, !policy.budget.mayStart(left(ask)))
}

/** One send: the policy's key, timeout, cut-off. */
async function sendOnce(ask: Ask, attempt: number, afterAmbiguity: boolean): Promise<Classified> {
  const { policy } = ask.state
  const key = policy.sendKey({ key: ask.key, attempt, afterAmbiguity })
  const stop = policy.giveUp(policy.budget.attemptTimeoutMs(left(ask)))
  try {
    const observed = await ask.adapter.send(ask.intent.body, key, stop, policy.budget.cutOff(ask.call.deadline))
    return classify(observed, policy.mapping)
  } finally {
    stop.done?.()
  }
}

/** Refused, but an earlier send may have landed. */
async function refusedAfterLanding(ask: Ask, got: Classified): Promise<Envelope> {
  const finding = await lookUp(ask.state, ask.adapter, ask.intent, () => left(ask))
  return 'found' in finding ? confirm(ask, finding.found, 'probed-found') : refusedAfterAmbiguity(ask, got.detail)
}
