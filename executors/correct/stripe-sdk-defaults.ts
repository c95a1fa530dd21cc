// stripe-sdk-defaults — style: the official `stripe`
// SDK as most teams run it: default client and
// retries (docs/vendors.md S3, S9); e-mail by fetch.
// Longer than most because each zoo member is one file.
import { createHash } from 'node:crypto'
import Stripe from 'stripe'
import type { Envelope } from '../../harness/contract/envelope.ts'
import type { BootContext, Executor, ExecutorProcess } from '../../harness/contract/executor.ts'
import type { ToolCall } from '../../harness/contract/tool-call.ts'

const HOLD_BACK_MS = 700
/** stripe-node's backoff: 0.5 s, then ≤ 1 s
 *  (docs/vendors.md S9). */
const SDK_BACKOFF_TOTAL_MS = 1_500
const SDK_ATTEMPTS = 3
/** No side effect starts with less left, the
 *  SDK's own retries included. */
const SEND_MIN_LEFT_MS = 3_000
const MIN_TIMEOUT_MS = 700
const MAX_TIMEOUT_MS = 10_000
const EMAIL_MIN_BUDGET_MS = 3_000
const SETTLE_MS = 8_000
const MAX_ROUNDS = 4

/** A call still unanswered when its turn runs out. */
const LATE = Symbol('late')

/**
 * stripe-node's timeout is its socket's idle
 * timeout (req.setTimeout): every byte restarts
 * it, so a body that stalls after the headers
 * outlasts it. The turn bounds the whole call.
 */
async function withinTurn<T>(call: Promise<T>, ms: number): Promise<T | typeof LATE> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<typeof LATE>((resolve) => {
    timer = setTimeout(() => resolve(LATE), Math.max(0, ms))
  })
  try {
    return await Promise.race([call, late])
  } finally {
    clearTimeout(timer)
  }
}

type Kind = 'issue_refund' | 'charge_card' | 'send_email' | 'undo_charge' | 'undo_email'

interface Op {
  key: string
  run_id: string
  step_id: string
  kind: Kind
  params: string // JSON
  state: 'open' | 'done' | 'refused' | 'unknown'
  effect_id: string | null
  maybe: number
  no_resend: number
  sent_at: number
  not_before: number
  info: string
  n: number
}

type Result =
  | { r: 'ok'; id: string }
  | { r: 'never'; why: string; waitMs: number }
  | { r: 'no'; why: string; afterMaybe?: boolean } // refused; afterMaybe: an SDK retry came first
  | { r: 'maybe'; why: string; final?: boolean; waitMs?: number }
type Look = { l: 'found'; id: string } | { l: 'absent' } | { l: 'unsure'; why: string; forever?: boolean }

const effectOf: Record<Kind, string> = {
  issue_refund: 'refund',
  charge_card: 'charge',
  send_email: 'email',
  undo_charge: 'refund',
  undo_email: 'email',
}

function identity(tool: string, a: Readonly<Record<string, unknown>>): Record<string, string | number> | null {
  const s = (x: unknown) =>
    typeof x === 'string' ? x.trim() : typeof x === 'number' && Number.isFinite(x) ? String(x) : ''
  const amount = /^\d+(\.\d+)?$/.test(s(a.amount)) ? Math.round(Number(s(a.amount)) * 100) : 0
  const out: Record<string, string | number> | null =
    tool === 'issue_refund'
      ? {
          payment_intent: s(a.payment_intent),
          amount,
          currency: s(a.currency).toLowerCase(),
          order_id: s(a.order_id).toUpperCase(),
        }
      : tool === 'charge_card'
        ? { order_id: s(a.order_id).toUpperCase(), amount, currency: s(a.currency).toLowerCase() }
        : tool === 'send_email'
          ? { to: s(a.to).toLowerCase(), template: s(a.template).toLowerCase(), order_id: s(a.order_id).toUpperCase() }
          : null
  return out && Object.values(out).every((v) => v !== '' && v !== 0) ? out : null
}

const nap = (ms: number) => new Promise<void>((r) => setTimeout(r, Math.max(0, ms)))

class StripeSdkExecutor implements ExecutorProcess {
  readonly #stripe: Stripe
  readonly #emailBase: string
  readonly #db: ReturnType<BootContext['storage']['sqlite']>
  #sdkRequests = 0

  constructor(ctx: BootContext) {
    const url = new URL(ctx.services.payments)
    // SDK defaults; only where the API lives is set. Its
    // 'request' events count the attempts of one call.
    this.#stripe = new Stripe('sk_test_x', {
      host: url.hostname,
      port: Number(url.port || 443),
      protocol: url.protocol === 'http:' ? 'http' : 'https',
    })
    this.#stripe.on('request', () => void this.#sdkRequests++)
    this.#emailBase = ctx.services.email
    this.#db = ctx.storage.sqlite('stripe_sdk_defaults')
    this.#db.exec(`CREATE TABLE IF NOT EXISTS ops (key TEXT PRIMARY KEY, run_id TEXT, step_id TEXT, kind TEXT, params TEXT, state TEXT,
      effect_id TEXT, maybe INTEGER, no_resend INTEGER, sent_at INTEGER, not_before INTEGER, info TEXT, n INTEGER)`)
  }

  #get(key: string): Op | undefined {
    return this.#db.prepare('SELECT * FROM ops WHERE key = ?').get(key) as Op | undefined
  }

  #open(key: string, runId: string, stepId: string, kind: Kind, params: unknown): void {
    this.#db
      .prepare(
        "INSERT OR IGNORE INTO ops VALUES (?, ?, ?, ?, ?, 'open', NULL, 0, 0, 0, 0, '', (SELECT COALESCE(MAX(n), 0) + 1 FROM ops))",
      )
      .run(key, runId, stepId, kind, JSON.stringify(params))
  }

  #write(op: Op): void {
    this.#db
      .prepare(
        'UPDATE ops SET state = ?, effect_id = ?, maybe = ?, no_resend = ?, sent_at = ?, not_before = ?, info = ? WHERE key = ?',
      )
      .run(op.state, op.effect_id, op.maybe, op.no_resend, op.sent_at, op.not_before, op.info, op.key)
  }

  /** Per-attempt timeout: the SDK's worst case fits. */
  static #sdkTimeout(spendable: number, cap = MAX_TIMEOUT_MS): number {
    return Math.min(cap, Math.floor((spendable - SDK_BACKOFF_TOTAL_MS) / SDK_ATTEMPTS))
  }

  /**
   * A send's: also its last SDK retry starts
   * with SEND_MIN_LEFT_MS of the turn left.
   */
  static #sendTimeout(spendable: number): number {
    const toLastStart = spendable + HOLD_BACK_MS - SEND_MIN_LEFT_MS - SDK_BACKOFF_TOTAL_MS
    return Math.min(StripeSdkExecutor.#sdkTimeout(spendable), Math.floor(toLastStart / (SDK_ATTEMPTS - 1)))
  }

  // --- payments through the SDK ---

  async #stripeSend(op: Op, timeout: number, turnLeft: number): Promise<Result> {
    const p = JSON.parse(op.params) as Record<string, string | number | Record<string, string>>
    this.#sdkRequests = 0
    try {
      const obj = await withinTurn<Stripe.PaymentIntent | Stripe.Refund>(
        op.kind === 'charge_card'
          ? this.#stripe.paymentIntents.create(p as unknown as Stripe.PaymentIntentCreateParams, {
              idempotencyKey: op.key,
              timeout,
            })
          : this.#stripe.refunds.create(p as unknown as Stripe.RefundCreateParams, {
              idempotencyKey: op.key,
              timeout,
            }),
        turnLeft,
      )
      if (obj === LATE) return { r: 'maybe', why: 'no whole answer within the turn' }
      if (op.kind === 'charge_card' && (obj as Stripe.PaymentIntent).status !== 'succeeded')
        return { r: 'maybe', why: `payment intent ${obj.id} is ${(obj as Stripe.PaymentIntent).status}` }
      return { r: 'ok', id: obj.id }
    } catch (e) {
      return this.#classifyStripe(e)
    }
  }

  #classifyStripe(e: unknown): Result {
    const retried = this.#sdkRequests > 1 // earlier tries' fate isn't in this error
    if (!(e instanceof Stripe.errors.StripeError))
      return { r: 'maybe', why: `unexpected error: ${(e as Error)?.message}` }
    const why = `${e.type}${e.statusCode ? ` ${e.statusCode}` : ''}: ${e.message}`
    if (e instanceof Stripe.errors.StripeConnectionError) {
      const code = (e.detail as { code?: string } | undefined)?.code
      if (!retried && (code === 'ECONNREFUSED' || code === 'ENOTFOUND')) return { r: 'never', why, waitMs: 300 }
      return { r: 'maybe', why }
    }
    if (e instanceof Stripe.errors.StripeIdempotencyError) return { r: 'maybe', why } // the key exists with other parameters
    const status = e.statusCode
    const retryAfter = Number((e.headers as Record<string, string> | undefined)?.['retry-after'])
    const waitMs = Number.isFinite(retryAfter) ? retryAfter * 1000 : 1_000
    // A refusal is final: never sent again.
    if (status === 400 || status === 404) return retried ? { r: 'no', why, afterMaybe: true } : { r: 'no', why }
    if (status === 429 || status === 503 || status === 409) {
      // Turned away; after SDK retries an earlier try may
      // have landed. Nothing goes again before Retry-After
      // (the SDK does not retry a 429: docs/vendors.md S3).
      return retried
        ? { r: 'maybe', why: `${why} (after ${this.#sdkRequests} attempts)`, waitMs }
        : { r: 'never', why, waitMs }
    }
    if (retried) return { r: 'maybe', why: `${why} (after ${this.#sdkRequests} attempts)` }
    const replays = (e.headers as Record<string, string> | undefined)?.['stripe-should-retry'] === 'false'
    return { r: 'maybe', why, final: replays }
  }

  async #stripeLook(op: Op, spendable: () => number): Promise<Look> {
    const p = JSON.parse(op.params) as { payment_intent?: string }
    let startingAfter: string | undefined
    for (let page = 0; page < 10; page++) {
      const timeout = StripeSdkExecutor.#sdkTimeout(spendable(), 4_000)
      if (timeout < 300) return { l: 'unsure', why: 'no time left to look' }
      try {
        const list = await withinTurn<Stripe.ApiList<Stripe.PaymentIntent | Stripe.Refund>>(
          op.kind === 'charge_card'
            ? this.#stripe.paymentIntents.list(
                { limit: 100, ...(startingAfter ? { starting_after: startingAfter } : {}) },
                { timeout },
              )
            : this.#stripe.refunds.list(
                {
                  payment_intent: p.payment_intent!,
                  limit: 100,
                  ...(startingAfter ? { starting_after: startingAfter } : {}),
                },
                { timeout },
              ),
          spendable(),
        )
        if (list === LATE) return { l: 'unsure', why: 'no whole listing within the turn' }
        const items = list.data as { id: string; status?: string | null; metadata?: Stripe.Metadata | null }[]
        const hit = items.find((x) => x.metadata?.client_reference === op.key)
        if (hit)
          return op.kind === 'charge_card' && hit.status !== 'succeeded'
            ? { l: 'unsure', why: `found ${hit.status}` }
            : { l: 'found', id: hit.id }
        if (!list.has_more || items.length === 0) return { l: 'absent' }
        startingAfter = items[items.length - 1]!.id
      } catch (e) {
        return { l: 'unsure', why: `listing failed (${(e as Error).message})` }
      }
    }
    return { l: 'unsure', why: 'too many pages' }
  }

  // --- e-mail through fetch ---

  async #emailSend(op: Op, timeout: number): Promise<Result> {
    const ac = new AbortController()
    const timer = setTimeout(() => ac.abort(), timeout)
    try {
      const res = await fetch(`${this.#emailBase}/emails`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': op.key },
        body: op.params,
        signal: ac.signal,
      })
      const text = await res.text()
      let json: { id?: string; name?: string; message?: string } = {}
      try {
        json = JSON.parse(text) as typeof json
      } catch {
        /* not JSON */
      }
      if (res.ok) return json.id ? { r: 'ok', id: json.id } : { r: 'maybe', why: `HTTP ${res.status} without an id` }
      const why = `HTTP ${res.status}${json.message ? `: ${json.message}` : ''}`
      if (json.name === 'invalid_idempotent_request') return { r: 'maybe', why }
      if (json.name && (res.status === 400 || res.status === 422 || res.status === 404)) return { r: 'no', why }
      if (json.name && (res.status === 429 || res.status === 503 || res.status === 409)) {
        const ra = Number(res.headers.get('retry-after'))
        return {
          r: 'never',
          why,
          waitMs: res.headers.get('retry-after') !== null && Number.isFinite(ra) ? ra * 1000 : 1_000,
        }
      }
      return { r: 'maybe', why }
    } catch (e) {
      const code = (e as { cause?: { code?: string } }).cause?.code
      if (code === 'ECONNREFUSED' || code === 'ENOTFOUND')
        return { r: 'never', why: `connection failed (${code})`, waitMs: 300 }
      return { r: 'maybe', why: `no response (${code ?? (e as Error).name})` }
    } finally {
      clearTimeout(timer)
    }
  }

  async #emailLook(op: Op, spendable: () => number): Promise<Look> {
    const timeout = Math.min(4_000, spendable())
    if (timeout < 300) return { l: 'unsure', why: 'no time left to look' }
    const ac = new AbortController()
    const timer = setTimeout(() => ac.abort(), timeout)
    try {
      const res = await fetch(`${this.#emailBase}/emails?tag=${encodeURIComponent(`client_reference:${op.key}`)}`, {
        signal: ac.signal,
      })
      if (res.status === 404) return { l: 'unsure', why: 'the e-mail service has no lookup', forever: true }
      if (!res.ok) return { l: 'unsure', why: `lookup answered ${res.status}` }
      const list = (await res.json()) as { tag?: string; data?: { id: string }[] }
      // Resend's list ignores tags (docs/vendors.md R4):
      // only a reply naming our tag is a lookup.
      if (list.tag !== `client_reference:${op.key}`)
        return { l: 'unsure', why: 'the e-mail service has no lookup by reference', forever: true }
      const id = list.data?.[0]?.id
      return id ? { l: 'found', id } : { l: 'absent' }
    } catch (e) {
      return { l: 'unsure', why: `lookup failed (${(e as Error).name})` }
    } finally {
      clearTimeout(timer)
    }
  }

  // --- one policy for both ---

  async #finish(key: string, deadline: number): Promise<Envelope> {
    let op = this.#get(key)!
    const email = op.kind === 'send_email' || op.kind === 'undo_email'
    const effect = effectOf[op.kind]
    const spendable = () => deadline - Date.now() - HOLD_BACK_MS
    const look = () => (email ? this.#emailLook(op, spendable) : this.#stripeLook(op, spendable))
    let rounds = 0
    for (;;) {
      if (op.state === 'done')
        return {
          status: 'SUCCEEDED',
          retry_safe: true,
          effect: { type: effect, id: op.effect_id! },
          action_taken: rounds ? 'sent' : op.info === 'found by listing' ? 'probed-found' : 'already-done',
          message: `${effect} ${op.effect_id} done.`,
        }
      if (op.state === 'refused')
        return {
          status: 'FAILED_NO_EFFECT',
          retry_safe: false,
          effect: null,
          action_taken: 'rejected',
          message: `Refused; nothing happened (${op.info}).`,
        }
      if (op.state === 'unknown') return this.#unknownEnvelope(op, op.info)

      if (op.maybe) {
        let seen = await look()
        const settle = op.sent_at + SETTLE_MS - Date.now()
        if (seen.l === 'absent' && settle > 0) {
          if (
            spendable() - settle <
            (email ? EMAIL_MIN_BUDGET_MS : SDK_BACKOFF_TOTAL_MS + SDK_ATTEMPTS * MIN_TIMEOUT_MS)
          )
            return this.#unknownEnvelope(op, op.info)
          await nap(settle)
          seen = await look()
        }
        if (seen.l === 'found') {
          op = { ...op, state: 'done', effect_id: seen.id, info: 'found by listing' }
          this.#write(op)
          continue
        }
        if (seen.l === 'unsure') {
          if (seen.forever) {
            op = { ...op, state: 'unknown', info: `${op.info}; ${seen.why}` }
            this.#write(op)
          }
          return this.#unknownEnvelope(op, `${op.info}; ${seen.why}`)
        }
        if (op.no_resend) {
          op = { ...op, state: 'unknown', info: `${op.info}; not found, and the same key would replay the error` }
          this.#write(op)
          continue
        }
      }

      if (op.not_before > Date.now()) {
        const wait = op.not_before - Date.now()
        if (spendable() - wait < (email ? EMAIL_MIN_BUDGET_MS : SDK_BACKOFF_TOTAL_MS + SDK_ATTEMPTS * MIN_TIMEOUT_MS))
          return this.#notSent(op, `asked to wait ${Math.ceil(wait / 1000)} s, more than this turn has`)
        await nap(wait)
      }
      const timeout = email ? Math.min(MAX_TIMEOUT_MS, spendable()) : StripeSdkExecutor.#sendTimeout(spendable())
      if (timeout < (email ? EMAIL_MIN_BUDGET_MS : MIN_TIMEOUT_MS))
        return this.#notSent(op, 'too little time left in this turn')
      if (rounds >= MAX_ROUNDS) return this.#notSent(op, `stopped after ${rounds} rounds (${op.info})`)

      const before = op.maybe
      op = { ...op, maybe: 1, sent_at: Date.now(), info: 'sending' }
      this.#write(op)
      rounds++
      const res = email ? await this.#emailSend(op, timeout) : await this.#stripeSend(op, timeout, spendable())
      switch (res.r) {
        case 'ok':
          op = { ...op, state: 'done', effect_id: res.id, info: 'confirmed' }
          break
        case 'no':
          op =
            before || res.afterMaybe
              ? { ...op, state: 'unknown', info: `${res.why}, after an earlier attempt that may have landed` }
              : { ...op, state: 'refused', maybe: 0, info: res.why }
          break
        case 'never':
          op = { ...op, maybe: before, not_before: Date.now() + res.waitMs, info: res.why }
          break
        case 'maybe':
          op = {
            ...op,
            no_resend: res.final ? 1 : op.no_resend,
            not_before: res.waitMs ? Date.now() + res.waitMs : op.not_before,
            info: res.why,
          }
          break
      }
      this.#write(op)
    }
  }

  #unknownEnvelope(op: Op, why: string): Envelope {
    return {
      status: 'UNKNOWN',
      retry_safe: false,
      effect: null,
      action_taken: 'unresolved',
      message: `Unknown whether the ${effectOf[op.kind]} happened (${why}). Do not retry; reference ${op.key}.`,
    }
  }

  #notSent(op: Op, why: string): Envelope {
    if (op.maybe) return this.#unknownEnvelope(op, `${op.info}; ${why}`)
    return {
      status: 'FAILED_NO_EFFECT',
      retry_safe: true,
      effect: null,
      action_taken: 'not-sent',
      message: `Nothing happened: ${why}. Safe to ask again.`,
    }
  }

  async callTool(call: ToolCall): Promise<Envelope> {
    const id = identity(call.tool, call.args)
    if (!id)
      return {
        status: 'FAILED_NO_EFFECT',
        retry_safe: false,
        effect: null,
        action_taken: 'invalid-arguments',
        message: `Not sent: invalid or incomplete arguments for ${call.tool}.`,
      }
    const key = `sk_${createHash('sha256')
      .update(JSON.stringify([call.runId, call.stepId, call.tool, id]))
      .digest('hex')}`
    if (!this.#get(key)) this.#open(key, call.runId, call.stepId, call.tool as Kind, paramsFor(call.tool, id, key))
    return this.#finish(key, call.deadline)
  }

  async abort(runId: string, deadline: number): Promise<Envelope[]> {
    const ops = this.#db
      .prepare("SELECT * FROM ops WHERE run_id = ? AND kind IN ('charge_card', 'send_email') ORDER BY n")
      .all(runId) as Op[]
    const out: Envelope[] = []
    const spendable = () => deadline - Date.now() - HOLD_BACK_MS
    for (let op of ops) {
      if (op.state === 'refused' || (op.state === 'open' && !op.maybe)) continue
      if (op.state !== 'done') {
        const seen =
          op.kind === 'send_email' ? await this.#emailLook(op, spendable) : await this.#stripeLook(op, spendable)
        if (seen.l !== 'found') {
          out.push({
            status: 'UNKNOWN',
            retry_safe: false,
            effect: null,
            action_taken: 'human-review',
            message: `${op.kind} ${op.step_id} may have happened (${seen.l === 'unsure' ? seen.why : 'not found'}); not compensated. Reference ${op.key}.`,
          })
          continue
        }
        op = { ...op, state: 'done', effect_id: seen.id, info: 'found by listing' }
        this.#write(op)
      }
      const target = op.effect_id!
      const undoKey = `${op.key}_undo`
      if (op.kind === 'charge_card') {
        this.#open(undoKey, `${runId}#undo`, op.step_id, 'undo_charge', {
          payment_intent: target,
          reason: 'requested_by_customer',
          metadata: { client_reference: undoKey, undoes: target },
        })
      } else {
        const first = JSON.parse(op.params) as { from: string; to: string[]; subject: string }
        this.#open(undoKey, `${runId}#undo`, op.step_id, 'undo_email', {
          from: first.from,
          to: first.to,
          subject: `Correction: ${first.subject}`,
          text: 'Please disregard our previous message, which was sent in error.',
          tags: [
            { name: 'client_reference', value: undoKey },
            { name: 'corrects', value: target },
          ],
        })
      }
      const r = await this.#finish(undoKey, deadline)
      const compensates = { type: effectOf[op.kind], id: target }
      out.push(
        r.status === 'SUCCEEDED'
          ? {
              ...r,
              action_taken: 'compensated',
              compensates,
              message: `Compensated ${effectOf[op.kind]} ${target}: ${r.message}`,
            }
          : {
              ...r,
              action_taken: 'human-review',
              compensates,
              message: `Compensation of ${effectOf[op.kind]} ${target} not completed: ${r.message}`,
            },
      )
    }
    return out
  }
}

function paramsFor(tool: string, id: Record<string, string | number>, key: string): unknown {
  if (tool === 'issue_refund')
    return {
      payment_intent: id.payment_intent,
      amount: id.amount,
      metadata: { client_reference: key, order_id: id.order_id },
    }
  if (tool === 'charge_card')
    return {
      amount: id.amount,
      currency: id.currency,
      confirm: true,
      metadata: { client_reference: key, order_id: id.order_id },
    }
  return {
    from: 'Billing <billing@shop.test>',
    to: [String(id.to)],
    subject: `Order ${String(id.order_id)}: ${String(id.template).replace(/_/g, ' ')}`,
    text: `Hello, here is the ${String(id.template).replace(/_/g, ' ')} for order ${String(id.order_id)}.`,
    tags: [{ name: 'client_reference', value: key }],
  }
}

export const stripeSdkDefaults: Executor = {
  name: 'stripe-sdk-defaults',
  // Written against Stripe's and Resend's APIs.
  declare: () => ({ vendors: ['stripe', 'resend'] }),
  async boot(ctx) {
    return new StripeSdkExecutor(ctx)
  },
}

export default stripeSdkDefaults
