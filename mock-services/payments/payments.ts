// A Stripe-shaped payment service: payment intents,
// refunds, Stripe's Idempotency-Key contract and
// error shape.
// Longer than most because it is Stripe's surface
// route by route (docs/vendors.md).
import { guarded, type Performed } from '../idempotency/guard.ts'
import { IdempotencyStore } from '../idempotency/store.ts'
import { Ledger } from '../ledger.ts'
import type { Delivery, MockService, ServiceErrorKind, ServiceSettings } from '../service.ts'
import { Processing } from '../processing.ts'
import { Visibility } from '../visibility.ts'
import { pastDeadline } from '../deadline.ts'
import { Refusals } from '../refusals.ts'
import { stripeError } from './errors.ts'
import { fingerprint, parseStripeForm, type FormValue } from './form.ts'
import { stripeList } from './list.ts'
import { PaymentsStore, type PaymentIntent } from './store.ts'
import { jsonResponse } from '../json-response.ts'
import { bodyText } from '../request-body.ts'

export type { PaymentIntent, Refund } from './store.ts'

export interface PaymentsSettings extends ServiceSettings {
  /** Waits while processing (default: a timer). */
  readonly pause?: () => Promise<void>
  /**
   * Retry-After on 429 and 503. Stripe never sends
   * it (stripe-node 22.3.1 dropped it, #2781); the
   * `stripe-retry-after` profile turns it on.
   */
  readonly retryAfterOnErrors?: boolean
}

export const DEFAULT_PAYMENTS_SETTINGS: PaymentsSettings = {
  processingMs: 20,
  visibilityLagMs: 0,
  keyStore: 'durable',
  honoursDeadline: false,
  retryAfterOnErrors: false,
}

/** Stripe documents at most 255 characters. */
export const MAX_KEY_LENGTH = 255
const REFUND_REASONS = new Set(['duplicate', 'fraudulent', 'requested_by_customer'])

export class PaymentsService implements MockService {
  readonly name = 'payments'
  readonly vendor = 'stripe'
  readonly ledger = new Ledger()
  readonly keys: IdempotencyStore
  readonly #store = new PaymentsStore()
  readonly #settings: PaymentsSettings
  readonly #now: () => number
  readonly #visibility: Visibility
  readonly #processing: Processing
  readonly #refusals = new Refusals()
  #nextId = 1
  #requests = 0

  constructor(now: () => number = Date.now, settings: Partial<PaymentsSettings> = {}) {
    this.#now = now
    this.#settings = { ...DEFAULT_PAYMENTS_SETTINGS, ...settings }
    this.keys = new IdempotencyStore(now, undefined, this.#settings.keyStore)
    this.#visibility = new Visibility(now, this.#settings.visibilityLagMs)
    this.#processing = new Processing(this.name, this.#settings.processingMs, this.#settings.pause)
  }

  /** A charged intent for set-up (no effect). */
  seedPaymentIntent(id: string, amount: number, currency: string): PaymentIntent {
    return this.#store.createIntent({
      id,
      amount,
      currency,
      status: 'succeeded',
      metadata: {},
      created: this.#seconds(),
      visibleAt: this.#now(),
    })
  }

  isMutation(request: Request): boolean {
    return request.method === 'POST'
  }

  restart(): void {
    this.#processing.restart()
    this.keys.restart()
  }

  /**
   * A response-boundary error in Stripe's words
   * (docs/vendors.md): a 429 names its limiter
   * (Stripe-Rate-Limited-Reason), with no Retry-After.
   */
  errorResponse(kind: ServiceErrorKind, retryAfterS = 1): Response {
    const retryAfter: Record<string, string> = this.#settings.retryAfterOnErrors
      ? { 'retry-after': String(retryAfterS) }
      : {}
    switch (kind) {
      case 'rate-limited':
        return this.#withRequestId(
          stripeError(
            429,
            'invalid_request_error',
            'Too many requests hit the API too quickly. We recommend an exponential backoff of your requests.',
            { code: 'rate_limit' },
            { 'stripe-rate-limited-reason': 'endpoint-rate', ...retryAfter },
          ),
        )
      case 'unavailable':
        return this.#withRequestId(
          stripeError(
            503,
            'api_error',
            'The service is temporarily unavailable. Please try again later.',
            {},
            retryAfter,
          ),
        )
      case 'validation':
        return this.#withRequestId(invalidAmount())
      case 'key-in-use':
        return this.#withRequestId(
          stripeError(
            409,
            'invalid_request_error',
            'There is currently another in-progress request using this Idempotent Key. Please try again later.',
            { code: 'idempotency_key_in_use' },
          ),
        )
    }
  }

  /**
   * A fault's 400 for these parameters, and
   * every later request with them (any key):
   * Stripe validates before its idempotency
   * layer and stores no 400 (docs/vendors.md S8).
   */
  async refuseAsInvalid(request: Request): Promise<Response> {
    const slot = this.#slot(request, parseStripeForm(await bodyText(request)))
    return this.#withRequestId(this.#refusals.refuse(slot, invalidAmount))
  }

  /** Method, path, parameters: no key. */
  #slot(request: Request, form: Record<string, FormValue>): string {
    return `${request.method} ${new URL(request.url).pathname} ${fingerprint(form)}`
  }

  /** Request id: docs.stripe.com/api/request_ids. */
  #withRequestId(response: Response): Response {
    response.headers.set('request-id', `req_fl${String(++this.#requests).padStart(10, '0')}`)
    return response
  }

  async handle(request: Request, delivery: Delivery): Promise<Response> {
    return this.#withRequestId(await this.#route(request, delivery))
  }

  async #route(request: Request, delivery: Delivery): Promise<Response> {
    const url = new URL(request.url)
    const path = url.pathname
    const id = (prefix: string) => decodeURIComponent(path.slice(prefix.length))
    if (request.method === 'GET') {
      if (path === '/v1/refunds') return this.#listRefunds(url)
      if (path.startsWith('/v1/refunds/')) return this.#getRefund(id('/v1/refunds/'))
      if (path === '/v1/payment_intents')
        return stripeList(
          this.#store.intents((at) => this.#visibility.visible(at)),
          url.searchParams,
          '/v1/payment_intents',
          'payment_intent',
        )
      if (path.startsWith('/v1/payment_intents/')) return this.#getIntent(id('/v1/payment_intents/'))
    }
    if (request.method === 'POST') {
      if (path === '/v1/refunds')
        return this.#idempotent(request, delivery, (form) => this.#createRefund(form, delivery))
      if (path === '/v1/payment_intents')
        return this.#idempotent(request, delivery, (form) => this.#createIntent(form, delivery))
    }
    return stripeError(
      404,
      'invalid_request_error',
      `Unrecognized request URL (${request.method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
    )
  }

  // --- Stripe's Idempotency-Key contract ---

  async #idempotent(
    request: Request,
    delivery: Delivery,
    perform: (form: Record<string, FormValue>) => Promise<Performed>,
  ): Promise<Response> {
    if (this.#settings.honoursDeadline && pastDeadline(request, this.#now())) {
      return stripeError(
        408,
        'invalid_request_error',
        'The request arrived after the deadline its client forwarded; it was not processed.',
        { code: 'request_deadline_exceeded' },
        { 'stripe-should-retry': 'false' },
      )
    }
    const form = parseStripeForm(await bodyText(request))
    // Refused before: validated the same way.
    const refused = this.#refusals.again(() => this.#slot(request, form))
    if (refused) return refused
    const key = request.headers.get('idempotency-key')
    // A 500 after execution began: Stripe stores it too.
    const run = async (): Promise<Performed> => {
      if (delivery.internalError) {
        await this.#processing.run()
        return {
          store: {
            status: 500,
            body: { error: { type: 'api_error', message: 'An unknown error occurred while processing your request.' } },
          },
        }
      }
      return perform(form)
    }
    if (key === null) {
      const result = await run()
      return 'dontStore' in result ? result.dontStore : jsonResponse(result.store.body, { status: result.store.status })
    }
    if (key.length === 0 || key.length > MAX_KEY_LENGTH) {
      return stripeError(
        400,
        'invalid_request_error',
        `Invalid idempotency key: keys must be at most ${MAX_KEY_LENGTH} characters long and not empty.`,
        { param: 'Idempotency-Key' },
      )
    }
    const withKey = (r: Response) => (r.headers.set('idempotency-key', key), r)
    return guarded(this.keys, `${request.method} ${new URL(request.url).pathname} ${key}`, fingerprint(form), run, {
      // A replayed 500 replays again: no retry.
      replay: (stored) =>
        withKey(
          jsonResponse(stored.body, {
            status: stored.status,
            headers: {
              'idempotent-replayed': 'true',
              ...(stored.status >= 500 ? { 'stripe-should-retry': 'false' } : {}),
            },
          }),
        ),
      // A stored 500 will replay: don't retry.
      fresh: (stored) =>
        withKey(
          jsonResponse(stored.body, {
            status: stored.status,
            headers: stored.status >= 500 ? { 'stripe-should-retry': 'false' } : {},
          }),
        ),
      mismatch: () =>
        withKey(
          stripeError(
            400,
            'idempotency_error',
            `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
            {},
            { 'stripe-should-retry': 'false' },
          ),
        ),
      inFlight: () =>
        withKey(
          stripeError(
            409,
            'invalid_request_error',
            `There is currently another in-progress request using this Idempotent Key (that probably means you submitted twice, and the other request is still going through): ${key}. Please try again later.`,
            { code: 'idempotency_key_in_use' },
          ),
        ),
    })
  }

  // --- resources ---

  async #createRefund(form: Record<string, FormValue>, delivery: Delivery): Promise<Performed> {
    const invalid = (status: number, message: string, extra: { code?: string; param?: string }) => ({
      dontStore: stripeError(status, 'invalid_request_error', message, extra),
    })
    const piId = str(form.payment_intent)
    if (!piId)
      return invalid(400, 'You must provide either a charge or a payment_intent to create a refund.', {
        code: 'parameter_missing',
        param: 'payment_intent',
      })
    const pi = this.#store.intent(piId)
    if (!pi)
      return invalid(404, `No such payment_intent: '${piId}'`, { code: 'resource_missing', param: 'payment_intent' })
    if (pi.status !== 'succeeded') {
      return invalid(400, `This PaymentIntent (${piId}) does not have a successful charge to refund.`, {
        code: 'charge_not_refundable',
        param: 'payment_intent',
      })
    }
    const amount = form.amount === undefined ? this.#store.refundable(piId) : Number(str(form.amount))
    if (!Number.isInteger(amount) || amount <= 0)
      return invalid(400, `Invalid positive integer`, { code: 'parameter_invalid_integer', param: 'amount' })
    const reason = str(form.reason) ?? null
    if (reason !== null && !REFUND_REASONS.has(reason)) {
      return invalid(400, `Invalid reason: must be one of duplicate, fraudulent, or requested_by_customer`, {
        code: 'parameter_invalid_string',
        param: 'reason',
      })
    }
    const metadata = metadataOf(form)
    if (typeof metadata === 'string')
      return invalid(400, metadata, { code: 'parameter_invalid_string', param: 'metadata' })
    await this.#processing.run()
    // Late, so two concurrent refunds can't both pass.
    const left = this.#store.refundable(piId)
    if (amount > left) {
      return invalid(
        400,
        `Refund amount (${fmtAmount(amount, pi.currency)}) is greater than unrefunded amount on charge (${fmtAmount(left, pi.currency)})`,
        {
          code: 'amount_too_large',
          param: 'amount',
        },
      )
    }
    const refund = this.#store.createRefund({
      id: this.#id('re'),
      amount,
      paymentIntent: piId,
      reason,
      metadata,
      created: this.#seconds(),
      visibleAt: this.#visibility.stamp(),
    })
    this.ledger.append({
      at: this.#now(),
      service: this.name,
      type: 'refund',
      id: refund.id,
      amount,
      attempt: delivery.attempt,
      call: delivery.call,
      target: piId,
    })
    return { store: { status: 200, body: refund } }
  }

  async #createIntent(form: Record<string, FormValue>, delivery: Delivery): Promise<Performed> {
    const invalid = (message: string, extra: { code?: string; param?: string }) => ({
      dontStore: stripeError(400, 'invalid_request_error', message, extra),
    })
    const amount = Number(str(form.amount))
    const currency = str(form.currency)?.toLowerCase()
    if (form.amount === undefined)
      return invalid('Missing required param: amount.', { code: 'parameter_missing', param: 'amount' })
    if (!Number.isInteger(amount) || amount <= 0)
      return invalid('Invalid positive integer', { code: 'parameter_invalid_integer', param: 'amount' })
    if (!currency) return invalid('Missing required param: currency.', { code: 'parameter_missing', param: 'currency' })
    if (!/^[a-z]{3}$/.test(currency))
      return invalid(`Invalid currency: ${currency}.`, { code: 'parameter_invalid_string', param: 'currency' })
    const metadata = metadataOf(form)
    if (typeof metadata === 'string') return invalid(metadata, { code: 'parameter_invalid_string', param: 'metadata' })
    const confirm = str(form.confirm) === 'true'
    await this.#processing.run()
    const pi = this.#store.createIntent({
      id: this.#id('pi'),
      amount,
      currency,
      status: confirm ? 'succeeded' : 'requires_payment_method',
      metadata,
      created: this.#seconds(),
      visibleAt: this.#visibility.stamp(),
    })
    if (confirm)
      this.ledger.append({
        at: this.#now(),
        service: this.name,
        type: 'charge',
        id: pi.id,
        amount,
        attempt: delivery.attempt,
        call: delivery.call,
      })
    return { store: { status: 200, body: pi } }
  }

  #listRefunds(url: URL): Response {
    const refunds = this.#store.refunds(url.searchParams.get('payment_intent'), (at) => this.#visibility.visible(at))
    return stripeList(refunds, url.searchParams, '/v1/refunds', 'refund')
  }

  #getRefund(id: string): Response {
    const found = this.#store.refund(id)
    if (!found || !this.#visibility.visible(found.visibleAt))
      return stripeError(404, 'invalid_request_error', `No such refund: '${id}'`, {
        code: 'resource_missing',
        param: 'id',
      })
    return jsonResponse(found.refund)
  }

  #getIntent(id: string): Response {
    const pi = this.#store.intent(id)
    const visibleAt = this.#store.intentVisibleAt(id)
    if (!pi || visibleAt === null || !this.#visibility.visible(visibleAt)) {
      return stripeError(404, 'invalid_request_error', `No such payment_intent: '${id}'`, {
        code: 'resource_missing',
        param: 'intent',
      })
    }
    return jsonResponse(pi)
  }

  #id(prefix: string): string {
    return `${prefix}_fl${String(this.#nextId++).padStart(8, '0')}`
  }

  #seconds(): number {
    return Math.floor(this.#now() / 1000)
  }
}

/** The 400 a response fault answers. */
function invalidAmount(): Response {
  return stripeError(400, 'invalid_request_error', 'Invalid integer: the amount is not valid for this payment.', {
    code: 'parameter_invalid_integer',
    param: 'amount',
  })
}

function str(v: FormValue | undefined): string | undefined {
  return typeof v === 'string' ? v : undefined
}

/** Stripe metadata: ≤ 50 keys, keys ≤ 40 chars, values ≤ 500. */
function metadataOf(form: Record<string, FormValue>): Record<string, string> | string {
  const m = form.metadata
  if (m === undefined || m === '') return {}
  if (typeof m === 'string') return 'Invalid object: metadata must be a hash of key-value pairs.'
  const entries = Object.entries(m)
  if (entries.length > 50) return 'Invalid metadata: at most 50 keys.'
  for (const [k, v] of entries) {
    if (k.length > 40) return `Invalid metadata: key "${k.slice(0, 40)}…" is longer than 40 characters.`
    if (v.length > 500) return `Invalid metadata: the value of "${k}" is longer than 500 characters.`
  }
  return { ...m }
}

function fmtAmount(minor: number, currency: string): string {
  return `${currency.toUpperCase()} ${(minor / 100).toFixed(2)}`
}
