// The support agent's two side effects, the
// careful way: one key per operation, the turn's
// deadline kept, each outcome told as it is.
import { Resend } from 'resend'
import Stripe from 'stripe'
import type { DurableStorage, Envelope } from '../../../faultline/index.ts'
import { minorUnits, operationKey, text, type Identity } from './operation-key.ts'
import { operationLog, type OperationEntry } from './operation-log.ts'
import { resendAnswer, stripeAnswer, type Answer } from './vendor-answers.ts'

export interface RefundInput {
  order_id: string
  payment_intent: string
  amount: number
  currency: string
  reason?: string
}
export interface ConfirmationInput {
  order_id: string
  email: string
}
/** What faultline's adapter passes in the framework's context channel (adapters/core/operation.ts Operation is a superset). */
export interface OperationRef {
  readonly runId: string
  readonly stepId: string
  readonly deadline: number
  readonly identity?: 'per-step' | 'per-run'
}
export interface SupportDeps {
  readonly storage?: DurableStorage
}

/** Kept back to answer the model in. */
const ANSWER_MS = 500
/**
 * Every request, a resend too, starts with
 * this much left: it may land that late.
 */
const MIN_LEFT_TO_SEND_MS = 2_000
const MAX_TIMEOUT_MS = 10_000
/**
 * stripe-node resends a closed connection once,
 * 0.5 s later, even at maxNetworkRetries 0
 * (esm/RequestSender.js:189-203, :232-243).
 */
const SDK_RESEND_PAUSE_MS = 500
/** Tries per ask: 0.5 s, then 1 s apart, or as Retry-After says. */
const MAX_TRIES = 3
const BACKOFF_MS = 500
/** Vendors keep keys 24 h: past it, one key could act twice. */
const KEY_TRUSTED_MS = 23 * 60 * 60 * 1000

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export function carefulSupport(deps: SupportDeps = {}) {
  const stripe = new Stripe(process.env.STRIPE_SECRET_KEY ?? 'sk_test_faultline')
  const resend = new Resend(process.env.RESEND_API_KEY ?? 're_test_faultline')
  const log = operationLog(deps.storage)
  /** Retry-After, by key: asked again early, we still wait. */
  const notBefore = new Map<string, number>()
  /** Requests stripe-node made, by idempotency key. */
  const requests = new Map<string, number>()
  stripe.on(
    'request',
    ({ idempotency_key: k }: Stripe.RequestEvent) => k && requests.set(k, (requests.get(k) ?? 0) + 1),
  )

  async function perform(
    op: OperationRef,
    effect: 'refund' | 'email',
    identity: Identity,
    /** Requests one try may make: the SDK's resend. */
    sends: 1 | 2,
    attempt: (key: string, timeoutMs: number) => Promise<Answer & { readonly resent?: boolean }>,
  ): Promise<Envelope> {
    const key = operationKey(op, effect, identity)
    let entry = log.get(key)
    const save = (change: Partial<OperationEntry>) => log.put(key, (entry = { ...entry, ...change }))
    if (entry.status === 'done') return succeeded(effect, entry.effectId!, 'already-done')
    if (entry.status === 'refused') return refused(entry.note)
    if (entry.status === 'unknown') return unknown(effect, key, entry.note)
    if (entry.status === 'in-doubt' && Date.now() - entry.firstSentAt! > KEY_TRUSTED_MS) {
      save({ status: 'unknown', note: `${entry.note}; sent over a day ago, its key may have expired` })
      return unknown(effect, key, entry.note)
    }
    // The same key every try: a request that landed
    // is answered again, not applied again.
    for (let tries = 0; ; tries++) {
      const backoff = tries ? BACKOFF_MS * 2 ** (tries - 1) : 0
      const wait = Math.max(backoff, (notBefore.get(key) ?? 0) - Date.now())
      const left = op.deadline - Date.now() - wait - ANSWER_MS - (sends - 1) * SDK_RESEND_PAUSE_MS
      const timeout = Math.min(MAX_TIMEOUT_MS, Math.floor(left / sends))
      if (tries === MAX_TRIES || timeout + ANSWER_MS < MIN_LEFT_TO_SEND_MS) {
        const reason = tries
          ? `${tries} tries`
          : wait
            ? `told to wait ${Math.ceil(wait / 1000)} s, more than this turn has`
            : 'too little of the turn left'
        const why = entry.note ? `${entry.note}; ${reason}` : reason
        return entry.status === 'in-doubt' ? unknown(effect, key, why) : notSent(why)
      }
      if (wait) await sleep(wait)
      const before = entry.status
      if (before !== 'in-doubt')
        save({ status: 'in-doubt', firstSentAt: entry.firstSentAt ?? Date.now(), note: 'sent, no answer' })
      const answer = await attempt(key, timeout)
      const doubt = before === 'in-doubt' || answer.resent === true
      if (answer.kind === 'done') {
        save({ status: 'done', effectId: answer.id, note: 'done' })
        return succeeded(effect, answer.id, tries ? 'sent-again' : 'sent')
      }
      if (answer.kind === 'refused') {
        // Refused now, yet an earlier request may have landed.
        const why = doubt ? `${answer.why}, after a request that may have landed` : answer.why
        save({ status: doubt ? 'unknown' : 'refused', note: why })
        return doubt ? unknown(effect, key, why) : refused(why)
      }
      if (answer.kind === 'not-sent' && answer.retryAfterMs !== null)
        notBefore.set(key, Date.now() + answer.retryAfterMs)
      save({ status: doubt || answer.kind === 'maybe' ? 'in-doubt' : 'new', note: answer.why })
    }
  }

  return {
    // stripe-node takes no signal: its timeouts are bounded instead.
    refundOrder(input: RefundInput, op: OperationRef, _signal?: AbortSignal): Promise<Envelope> {
      // Normalised: the model re-words amounts and re-cases ids.
      const amount = minorUnits(input.amount)
      const currency = text(input.currency)?.toLowerCase()
      const [pi, order] = [text(input.payment_intent), text(input.order_id)?.toUpperCase()]
      if (!amount || !currency || !pi || !order) return Promise.resolve(refused('not a valid refund'))
      // The model's reason is free text, and Stripe keeps a
      // key's first parameters: it is not sent.
      const params = { payment_intent: pi, amount, metadata: { order_id: order } }
      const identity = { payment_intent: pi, amount, currency, order_id: order }
      return perform(op, 'refund', identity, 2, async (key, timeout) => {
        requests.set(key, 0)
        try {
          const refund = await stripe.refunds.create(params, { idempotencyKey: key, timeout, maxNetworkRetries: 0 })
          return { kind: 'done', id: refund.id }
        } catch (e) {
          return { ...stripeAnswer(e), resent: (requests.get(key) ?? 0) > 1 }
        }
      })
    },

    sendRefundConfirmation(input: ConfirmationInput, op: OperationRef, signal?: AbortSignal): Promise<Envelope> {
      const [to, order] = [text(input.email)?.toLowerCase(), text(input.order_id)?.toUpperCase()]
      if (!to?.includes('@') || !order) return Promise.resolve(refused('not a valid address or order'))
      const email = {
        from: 'Support <support@shop.test>',
        to: [to],
        subject: `Your refund for order ${order}`,
        text: `We have refunded your order ${order}. It can take 5 to 10 days to reach your account.`,
      }
      const identity = { to, template: 'refund_confirmation', order_id: order }
      return perform(op, 'email', identity, 1, async (key, timeout) => {
        // The resend SDK has no timeout of its own (docs/vendors.md R5).
        const timedOut = AbortSignal.timeout(timeout)
        const abort = signal ? AbortSignal.any([signal, timedOut]) : timedOut
        return resendAnswer(await resend.emails.send(email, { idempotencyKey: key, signal: abort }))
      })
    },
  }
}

const envelope = (
  status: Envelope['status'],
  retry_safe: boolean,
  action_taken: string,
  message: string,
  effect: Envelope['effect'] = null,
): Envelope => ({ status, retry_safe, effect, action_taken, message })
const succeeded = (type: string, id: string, action: string) =>
  envelope('SUCCEEDED', true, action, `Done: ${type} ${id}.`, { type, id })
const refused = (why: string) =>
  envelope('FAILED_NO_EFFECT', false, 'rejected', `Refused, nothing happened (${why}); asking again will not help.`)
const notSent = (why: string) =>
  envelope('FAILED_NO_EFFECT', true, 'not-sent', `Nothing happened (${why}); it is safe to ask again.`)
const unknown = (type: string, key: string, why: string) =>
  envelope('UNKNOWN', false, 'unresolved', `The ${type} may have happened (${why}); do not ask again, check ${key}.`)
