// The send step: send, and resend (the same body; the key the policy says),
// until an answer settles the outcome, the sends run out, or the budget does.
// Each observation is classified; an ambiguous one is reconciled before
// anything is sent again.
import type { Envelope } from '../../harness/contract/envelope.ts'
import { left, type Ask } from './ask.ts'
import { classify, type Classified } from './classify.ts'
import { lookUp, reconcile } from './reconcile.ts'
import { confirm, notDone, refused, refusedAfterAmbiguity, unresolved } from './report.ts'
import { sleep } from './sleep.ts'

/** `ambiguous`: an earlier send of this operation (in an earlier ask, or a crashed process) may have landed. */
export async function sendUntilSettled(ask: Ask, ambiguous: boolean): Promise<Envelope> {
  const { policy, waits } = ask.state
  const service = ask.adapter.service
  let notBefore = waits.get(service) ?? 0 // a Retry-After the service asked for (in this ask or an earlier one, for any operation)
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
        // The effect as the service named it (or, should its answer name none, by the client reference it carries).
        return confirm(ask, ask.adapter.effectId(got.body) ?? ask.key, attempt === 1 && !ambiguous ? 'sent' : 'resent-same-key')
      case 'rejected':
        return ambiguous ? refusedAfterLanding(ask, got) : refused(ask, got.detail)
      case 'not-sent':
        if (got.retryAfterMs === undefined) {
          await sleep(policy.resend.backoffMs(attempt))
          break
        }
        // Refused before processing (a 429): wait as long as we are told (if the budget allows), then try again.
        notBefore = Date.now() + Math.max(policy.retryAfter(got.retryAfterMs), policy.resend.backoffMs(1))
        waits.set(service, notBefore)
        break
      case 'ambiguous': {
        // A 409 in flight asks for no pause; any other ambiguous answer with Retry-After does.
        if (got.retryAfterMs !== undefined && !got.inFlight) waits.set(service, (notBefore = Date.now() + policy.retryAfter(got.retryAfterMs)))
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

/** One send, under the key the policy gives it, within the budget's timeout and cut-off; classified. */
async function sendOnce(ask: Ask, attempt: number, afterAmbiguity: boolean): Promise<Classified> {
  const { policy } = ask.state
  const key = policy.sendKey({ key: ask.key, attempt, afterAmbiguity })
  const timeoutMs = policy.budget.attemptTimeoutMs(left(ask))
  const observed = await ask.adapter.send(ask.intent.body, key, timeoutMs, policy.budget.cutOff(ask.call.deadline))
  return classify(observed, policy.mapping)
}

/** This send was refused, but an earlier, ambiguous one may still have landed: only a look can tell. */
async function refusedAfterLanding(ask: Ask, got: Classified): Promise<Envelope> {
  const finding = await lookUp(ask.state, ask.adapter, ask.intent, () => left(ask))
  return 'found' in finding ? confirm(ask, finding.found, 'probed-found') : refusedAfterAmbiguity(ask, got.detail)
}
