// A Stripe-shaped payment service: payment intents (charges), refunds, the
// Idempotency-Key contract, and a ledger of the effects that really happened.
import { IdempotencyStore, type StoredResponse } from '../idempotency/store.ts'
import { Ledger } from '../ledger.ts'
import type { Delivery, MockService } from '../service.ts'
import { stripeError } from './errors.ts'
import { fingerprint, parseStripeForm, type FormValue } from './form.ts'

export interface PaymentsSettings {
  /** Virtual ms between accepting a request and committing its effect (a duplicate in this window gets 409). */
  readonly processingMs: number
}

export const DEFAULT_PAYMENTS_SETTINGS: PaymentsSettings = { processingMs: 20 }

export interface PaymentIntent {
  readonly id: string
  readonly object: 'payment_intent'
  readonly amount: number
  readonly currency: string
  readonly status: 'succeeded'
  amount_refunded: number
  readonly metadata: Record<string, string>
  readonly created: number
}

export interface Refund {
  readonly id: string
  readonly object: 'refund'
  readonly amount: number
  readonly currency: string
  readonly payment_intent: string
  readonly status: 'succeeded'
  readonly reason: string | null
  readonly metadata: Record<string, string>
  readonly created: number
}

const MAX_KEY_LENGTH = 255

export class PaymentsService implements MockService {
  readonly name = 'payments'
  readonly ledger = new Ledger()
  readonly keys: IdempotencyStore
  readonly #intents = new Map<string, PaymentIntent>()
  readonly #refunds: Refund[] = []
  readonly #settings: PaymentsSettings
  readonly #now: () => number
  #nextId = 1

  constructor(now: () => number = Date.now, settings: PaymentsSettings = DEFAULT_PAYMENTS_SETTINGS) {
    this.#now = now
    this.#settings = settings
    this.keys = new IdempotencyStore(now)
  }

  /** Create a charged payment intent directly (scenario set-up, not an effect under test). */
  seedPaymentIntent(id: string, amount: number, currency: string): PaymentIntent {
    const pi: PaymentIntent = { id, object: 'payment_intent', amount, currency, status: 'succeeded', amount_refunded: 0, metadata: {}, created: this.#seconds() }
    this.#intents.set(id, pi)
    return pi
  }

  isMutation(request: Request): boolean {
    return request.method === 'POST'
  }

  async handle(request: Request, delivery: Delivery): Promise<Response> {
    const url = new URL(request.url)
    const path = url.pathname
    if (request.method === 'GET' && path === '/v1/refunds') return this.#listRefunds(url)
    if (request.method === 'GET' && path.startsWith('/v1/refunds/')) return this.#getRefund(decodeURIComponent(path.slice('/v1/refunds/'.length)))
    if (request.method === 'POST' && path === '/v1/refunds') return this.#idempotent(request, delivery, (form, d) => this.#createRefund(form, d))
    if (request.method === 'POST' && path === '/v1/payment_intents') return this.#idempotent(request, delivery, (form, d) => this.#createPaymentIntent(form, d))
    return stripeError(404, 'invalid_request_error', `Unrecognized request URL (${request.method}: ${path}).`)
  }

  // --- the Idempotency-Key contract -------------------------------------------------

  async #idempotent(
    request: Request,
    delivery: Delivery,
    perform: (form: Record<string, FormValue>, delivery: Delivery) => Promise<StoredResponse | { invalid: Response }>,
  ): Promise<Response> {
    const form = parseStripeForm(await request.text())
    const key = request.headers.get('idempotency-key')
    if (key === null) {
      const result = await perform(form, delivery)
      return 'invalid' in result ? result.invalid : Response.json(result.body, { status: result.status })
    }
    if (key.length === 0 || key.length > MAX_KEY_LENGTH) {
      return stripeError(400, 'invalid_request_error', `Idempotency keys must be 1 to ${MAX_KEY_LENGTH} characters long.`, { param: 'Idempotency-Key' })
    }
    const reservation = this.keys.reserve(`${request.method} ${new URL(request.url).pathname} ${key}`, fingerprint(form))
    switch (reservation.kind) {
      case 'replay':
        return Response.json(reservation.response.body, {
          status: reservation.response.status,
          headers: { 'Idempotent-Replayed': 'true', 'Idempotency-Key': key },
        })
      case 'mismatch':
        return stripeError(
          400,
          'idempotency_error',
          `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
        )
      case 'in-flight':
        return stripeError(
          409,
          'invalid_request_error',
          'There is currently another in-progress request using this Idempotent Key (that probably means you submitted twice, and the other request is still going through): ' +
            key +
            '. Please try again later.',
          { code: 'idempotency_key_in_use' },
        )
      case 'reserved': {
        const slot = `${request.method} ${new URL(request.url).pathname} ${key}`
        let result: StoredResponse | { invalid: Response }
        try {
          result = await perform(form, delivery)
        } catch (e) {
          this.keys.release(slot)
          throw e
        }
        if ('invalid' in result) {
          this.keys.release(slot) // validation errors are not stored
          return result.invalid
        }
        // Store a snapshot: a replay returns the first response, not the resource's current state.
        this.keys.complete(slot, { status: result.status, body: structuredClone(result.body) })
        return Response.json(result.body, { status: result.status, headers: { 'Idempotency-Key': key } })
      }
    }
  }

  // --- resources --------------------------------------------------------------------

  async #createRefund(form: Record<string, FormValue>, delivery: Delivery): Promise<StoredResponse | { invalid: Response }> {
    const piId = str(form.payment_intent)
    if (!piId) return { invalid: stripeError(400, 'invalid_request_error', 'Missing required param: payment_intent.', { code: 'parameter_missing', param: 'payment_intent' }) }
    const pi = this.#intents.get(piId)
    if (!pi) return { invalid: stripeError(404, 'invalid_request_error', `No such payment_intent: '${piId}'`, { code: 'resource_missing', param: 'payment_intent' }) }
    const remaining = pi.amount - pi.amount_refunded
    const amount = form.amount === undefined ? remaining : Number(str(form.amount))
    if (!Number.isInteger(amount) || amount <= 0) {
      return { invalid: stripeError(400, 'invalid_request_error', 'Invalid positive integer', { code: 'parameter_invalid_integer', param: 'amount' }) }
    }
    await this.#process()
    // Checked after processing, so two concurrent refunds cannot both pass.
    if (amount > pi.amount - pi.amount_refunded) {
      return {
        invalid: stripeError(400, 'invalid_request_error', `Refund amount (${amount}) is greater than unrefunded amount on charge (${pi.amount - pi.amount_refunded})`, {
          code: 'amount_too_large',
          param: 'amount',
        }),
      }
    }
    pi.amount_refunded += amount
    const refund: Refund = {
      id: this.#id('re'),
      object: 'refund',
      amount,
      currency: pi.currency,
      payment_intent: pi.id,
      status: 'succeeded',
      reason: str(form.reason) ?? null,
      metadata: typeof form.metadata === 'object' ? { ...form.metadata } : {},
      created: this.#seconds(),
    }
    this.#refunds.push(refund)
    this.ledger.append({ at: this.#now(), service: this.name, type: 'refund', id: refund.id, amount, attempt: delivery.attempt, call: delivery.call })
    return { status: 200, body: refund }
  }

  async #createPaymentIntent(form: Record<string, FormValue>, delivery: Delivery): Promise<StoredResponse | { invalid: Response }> {
    const amount = Number(str(form.amount))
    const currency = str(form.currency)?.toLowerCase()
    if (!Number.isInteger(amount) || amount <= 0) return { invalid: stripeError(400, 'invalid_request_error', 'Invalid positive integer', { code: 'parameter_invalid_integer', param: 'amount' }) }
    if (!currency) return { invalid: stripeError(400, 'invalid_request_error', 'Missing required param: currency.', { code: 'parameter_missing', param: 'currency' }) }
    await this.#process()
    const pi = this.seedPaymentIntent(this.#id('pi'), amount, currency)
    Object.assign(pi.metadata, typeof form.metadata === 'object' ? form.metadata : {})
    this.ledger.append({ at: this.#now(), service: this.name, type: 'charge', id: pi.id, amount, attempt: delivery.attempt, call: delivery.call })
    return { status: 200, body: pi }
  }

  #listRefunds(url: URL): Response {
    const piId = url.searchParams.get('payment_intent')
    const data = this.#refunds.filter((r) => piId === null || r.payment_intent === piId).reverse() // newest first, as Stripe lists
    return Response.json({ object: 'list', url: '/v1/refunds', has_more: false, data })
  }

  #getRefund(id: string): Response {
    const refund = this.#refunds.find((r) => r.id === id)
    if (!refund) return stripeError(404, 'invalid_request_error', `No such refund: '${id}'`, { code: 'resource_missing', param: 'id' })
    return Response.json(refund)
  }

  #process(): Promise<void> {
    return this.#settings.processingMs > 0 ? new Promise((r) => setTimeout(r, this.#settings.processingMs)) : Promise.resolve()
  }

  #id(prefix: string): string {
    return `${prefix}_fl${String(this.#nextId++).padStart(8, '0')}`
  }

  #seconds(): number {
    return Math.floor(this.#now() / 1000)
  }
}

function str(v: FormValue | undefined): string | undefined {
  return typeof v === 'string' ? v : undefined
}
