// A Square-shaped payments service: Payments
// and Refunds APIs, the idempotency_key in
// the JSON body, Square's error shape
// (docs/vendors.md, Square Q1–Q13).
// Longer than most because it is Square's surface route
// by route, like payments/payments.ts.
import { pastDeadline } from '../deadline.ts'
import { canonicalJson } from '../idempotency/fingerprint.ts'
import { guarded, type Performed } from '../idempotency/guard.ts'
import { IdempotencyStore, type StoredResponse } from '../idempotency/store.ts'
import { jsonResponse } from '../json-response.ts'
import { Ledger } from '../ledger.ts'
import { Processing } from '../processing.ts'
import { Refusals } from '../refusals.ts'
import { bodyText } from '../request-body.ts'
import type { Delivery, ServiceErrorKind, ServiceSettings } from '../service.ts'
import type { PaymentsMock } from '../vendor-spec.ts'
import { Visibility } from '../visibility.ts'
import { invalidAmount, squareError } from './errors.ts'
import { squareList } from './list.ts'
import { type Money, type SquarePayment, type SquareRefund, SquareStore } from './store.ts'

export interface SquareSettings extends ServiceSettings {
  /** Waits while processing (default: a timer). */
  readonly pause?: () => Promise<void>
}

export const DEFAULT_SQUARE_SETTINGS: SquareSettings = {
  processingMs: 20,
  visibilityLagMs: 0,
  keyStore: 'durable',
  honoursDeadline: false,
}

/** Q3: idempotency_key is 1–45 characters. */
export const MAX_KEY_LENGTH = 45
/** The seller's main location (one here). */
export const LOCATION_ID = 'LFAULTLINE0001'

type Json = Record<string, unknown>

export class SquareService implements PaymentsMock {
  readonly name = 'payments'
  readonly vendor = 'square'
  readonly ledger = new Ledger()
  readonly keys: IdempotencyStore
  readonly #store = new SquareStore()
  readonly #settings: SquareSettings
  readonly #now: () => number
  readonly #visibility: Visibility
  readonly #processing: Processing
  readonly #refusals = new Refusals()
  #nextId = 1

  constructor(now: () => number = Date.now, settings: Partial<SquareSettings> = {}) {
    this.#now = now
    this.#settings = { ...DEFAULT_SQUARE_SETTINGS, ...settings }
    // Q7: retention unpublished; 24 h kept.
    this.keys = new IdempotencyStore(now, undefined, this.#settings.keyStore)
    this.#visibility = new Visibility(now, this.#settings.visibilityLagMs)
    this.#processing = new Processing(this.name, this.#settings.processingMs, this.#settings.pause)
  }

  /** A COMPLETED payment under the plan's id. */
  seedPaymentIntent(id: string, amount: number, currency: string): SquarePayment {
    return this.#store.addPayment(this.#payment(id, amount, currency.toUpperCase(), 'COMPLETED', {}), this.#now(), null)
  }

  /** Q13: every POST can change the world. */
  isMutation(request: Request): boolean {
    return request.method === 'POST'
  }

  restart(): void {
    this.#processing.restart()
    this.keys.restart()
  }

  /** Q8: Square's words, no Retry-After. */
  errorResponse(kind: ServiceErrorKind): Response {
    switch (kind) {
      case 'rate-limited':
        return squareError(
          429,
          'RATE_LIMIT_ERROR',
          'RATE_LIMITED',
          'Rate limited. Please retry with exponential backoff.',
        )
      case 'unavailable':
        return squareError(503, 'API_ERROR', 'SERVICE_UNAVAILABLE', 'Service Unavailable - a general error occurred.')
      case 'validation':
        return invalidAmount()
      case 'key-in-use':
        return inFlight()
    }
  }

  /** Q11: invalid stays invalid, any key. */
  async refuseAsInvalid(request: Request): Promise<Response> {
    const parsed = parseJson(await bodyText(request))
    return this.#refusals.refuse(this.#slot(request, parsed ?? {}), invalidAmount)
  }

  /** Method, path, body without its key. */
  #slot(request: Request, body: Json): string {
    const { idempotency_key: _key, ...rest } = body
    return `${request.method} ${new URL(request.url).pathname} ${canonicalJson(rest)}`
  }

  async handle(request: Request, delivery: Delivery): Promise<Response> {
    // Q2: a bearer token on every call.
    if (!/^Bearer \S+/.test(request.headers.get('authorization') ?? ''))
      return squareError(401, 'AUTHENTICATION_ERROR', 'UNAUTHORIZED', 'This request could not be authorized.')
    const url = new URL(request.url)
    const path = url.pathname
    const id = (prefix: string) => decodeURIComponent(path.slice(prefix.length))
    if (request.method === 'GET') {
      if (path === '/v2/payments') return this.#listPayments(url.searchParams)
      if (path.startsWith('/v2/payments/')) return this.#getPayment(id('/v2/payments/'))
      if (path === '/v2/refunds') return this.#listRefunds(url.searchParams)
      if (path.startsWith('/v2/refunds/')) return this.#getRefund(id('/v2/refunds/'))
    }
    if (request.method === 'POST') {
      if (path === '/v2/payments') return this.#keyed(request, delivery, (b) => this.#createPayment(b, delivery))
      if (path === '/v2/refunds') return this.#keyed(request, delivery, (b) => this.#refundPayment(b, delivery))
      if (path === '/v2/payments/cancel') return this.#cancelByKey(request, delivery)
    }
    return squareError(404, 'INVALID_REQUEST_ERROR', 'NOT_FOUND', `Not Found: ${request.method} ${path}.`)
  }

  // --- Square's idempotency_key contract (Q3–Q7) ---

  async #keyed(request: Request, delivery: Delivery, perform: (body: Json) => Promise<Performed>): Promise<Response> {
    if (this.#settings.honoursDeadline && pastDeadline(request, this.#now()))
      return squareError(408, 'API_ERROR', 'REQUEST_TIMEOUT', 'Arrived after the deadline its client forwarded.')
    const body = parseJson(await bodyText(request))
    if (body === null)
      return squareError(400, 'INVALID_REQUEST_ERROR', 'BAD_REQUEST', 'The request body is not a JSON object.')
    const refused = this.#refusals.again(() => this.#slot(request, body))
    if (refused) return refused
    const key = body.idempotency_key
    if (typeof key !== 'string' || key.length === 0) return missing('idempotency_key')
    if (key.length > MAX_KEY_LENGTH)
      return squareError(
        400,
        'INVALID_REQUEST_ERROR',
        'VALUE_TOO_LONG',
        `Field must not be greater than ${MAX_KEY_LENGTH} length`,
        'idempotency_key',
      )
    const { idempotency_key: _key, ...rest } = body
    const answer = (s: StoredResponse) => jsonResponse(s.body, { status: s.status })
    return guarded(
      this.keys,
      `${new URL(request.url).pathname} ${key}`,
      canonicalJson(rest),
      async () => {
        // Q4: a 500 is not kept: Square asks
        // for a retry under the same key.
        if (delivery.internalError) {
          await this.#processing.run()
          return {
            dontStore: squareError(500, 'API_ERROR', 'INTERNAL_SERVER_ERROR', 'A general server error occurred.'),
          }
        }
        return perform(body)
      },
      {
        // Q4: the first response, as it was.
        replay: answer,
        fresh: answer,
        // Q5: another request under a used key.
        mismatch: () =>
          squareError(
            400,
            'INVALID_REQUEST_ERROR',
            'IDEMPOTENCY_KEY_REUSED',
            'The provided idempotency key has already been used.',
            'idempotency_key',
          ),
        // Q6: undocumented; a 409, never a wait.
        inFlight,
      },
    )
  }

  // --- resources ---

  async #createPayment(body: Json, delivery: Delivery): Promise<Performed> {
    const bad = (r: Response): Performed => ({ dontStore: r })
    const source = body.source_id
    if (typeof source !== 'string' || source === '') return bad(missing('source_id'))
    const money = moneyOf(body.amount_money, 'amount_money')
    if ('problem' in money) return bad(money.problem)
    const autocomplete = body.autocomplete ?? true
    if (typeof autocomplete !== 'boolean') return bad(expected('BOOLEAN', 'autocomplete'))
    const reference = optionalText(body.reference_id, 'reference_id', 40)
    if (typeof reference === 'object') return bad(reference)
    const note = optionalText(body.note, 'note', 500)
    if (typeof note === 'object') return bad(note)
    await this.#processing.run()
    const payment = this.#payment(this.#id(), money.amount, money.currency, autocomplete ? 'COMPLETED' : 'APPROVED', {
      ...(reference !== undefined ? { reference_id: reference } : {}),
      ...(note !== undefined ? { note } : {}),
    })
    this.#store.addPayment(payment, this.#visibility.stamp(), body.idempotency_key as string)
    // An authorization (APPROVED) moves no money.
    if (payment.status === 'COMPLETED')
      this.ledger.append({
        at: this.#now(),
        service: this.name,
        type: 'charge',
        id: payment.id,
        amount: money.amount,
        attempt: delivery.attempt,
        call: delivery.call,
      })
    return { store: { status: 200, body: { payment } } }
  }

  async #refundPayment(body: Json, delivery: Delivery): Promise<Performed> {
    const bad = (r: Response): Performed => ({ dontStore: r })
    const paymentId = body.payment_id
    if (typeof paymentId !== 'string' || paymentId === '') return bad(missing('payment_id'))
    const money = moneyOf(body.amount_money, 'amount_money')
    if ('problem' in money) return bad(money.problem)
    const reason = optionalText(body.reason, 'reason', 192)
    if (typeof reason === 'object') return bad(reason)
    const payment = this.#store.payment(paymentId)
    if (!payment)
      return bad(
        squareError(404, 'INVALID_REQUEST_ERROR', 'NOT_FOUND', `Payment \`${paymentId}\` not found.`, 'payment_id'),
      )
    if (payment.status !== 'COMPLETED')
      return bad(
        squareError(
          400,
          'INVALID_REQUEST_ERROR',
          'PAYMENT_NOT_REFUNDABLE',
          `Payment \`${paymentId}\` is ${payment.status}.`,
        ),
      )
    if (money.currency !== payment.amount_money.currency)
      return bad(
        squareError(
          400,
          'INVALID_REQUEST_ERROR',
          'CURRENCY_MISMATCH',
          'Refund currency differs from the payment.',
          'amount_money.currency',
        ),
      )
    await this.#processing.run()
    // Late, so two concurrent refunds can't both pass.
    if (money.amount > this.#store.refundable(paymentId))
      return bad(
        squareError(
          400,
          'INVALID_REQUEST_ERROR',
          'REFUND_AMOUNT_INVALID',
          'The requested refund amount exceeds the amount available to refund.',
          'amount_money.amount',
        ),
      )
    const at = this.#iso()
    const refund: SquareRefund = {
      id: `${paymentId}_${this.#id()}`,
      status: 'PENDING',
      location_id: LOCATION_ID,
      amount_money: { amount: money.amount, currency: money.currency },
      payment_id: paymentId,
      ...(reason !== undefined ? { reason } : {}),
      created_at: at,
      updated_at: at,
    }
    this.#store.addRefund(refund, this.#visibility.stamp())
    this.ledger.append({
      at: this.#now(),
      service: this.name,
      type: 'refund',
      id: refund.id,
      amount: money.amount,
      attempt: delivery.attempt,
      call: delivery.call,
      target: paymentId,
    })
    // Q11: answered PENDING; reads say COMPLETED.
    const answered = structuredClone(refund)
    refund.status = 'COMPLETED'
    return { store: { status: 200, body: { refund: answered } } }
  }

  /**
   * Q13: void an APPROVED payment made under
   * the key; none: nothing done, a 200; a
   * COMPLETED one cannot be voided: a 400.
   */
  async #cancelByKey(request: Request, delivery: Delivery): Promise<Response> {
    if (this.#settings.honoursDeadline && pastDeadline(request, this.#now()))
      return squareError(408, 'API_ERROR', 'REQUEST_TIMEOUT', 'Arrived after the deadline its client forwarded.')
    const body = parseJson(await bodyText(request))
    const key = body?.idempotency_key
    if (typeof key !== 'string' || key === '') return missing('idempotency_key')
    // Work takes time; a 500 before it, nothing.
    await this.#processing.run()
    if (delivery.internalError)
      return squareError(500, 'API_ERROR', 'INTERNAL_SERVER_ERROR', 'A general server error occurred.')
    const payment = this.#store.paymentByKey(key)
    if (!payment) return jsonResponse({})
    if (payment.status === 'APPROVED') {
      payment.status = 'CANCELED'
      payment.card_details.status = 'VOIDED'
      payment.updated_at = this.#iso()
      return jsonResponse({})
    }
    return squareError(
      400,
      'INVALID_REQUEST_ERROR',
      'BAD_REQUEST',
      `Payment \`${payment.id}\` is ${payment.status} and cannot be canceled.`,
      'idempotency_key',
    )
  }

  #listPayments(query: URLSearchParams): Response {
    const total = query.get('total')
    const all = this.#store.payments((at) => this.#visibility.visible(at))
    return squareList(
      total === null ? all : all.filter((p) => String(p.total_money.amount) === total),
      query,
      'payments',
    )
  }

  #listRefunds(query: URLSearchParams): Response {
    const status = query.get('status')
    const all = this.#store.refunds((at) => this.#visibility.visible(at))
    return squareList(status === null ? all : all.filter((r) => r.status === status), query, 'refunds')
  }

  #getPayment(id: string): Response {
    const kept = this.#store.paymentKept(id)
    if (!kept || !this.#visibility.visible(kept.visibleAt)) return notFound('payment', id)
    return jsonResponse({ payment: kept.item })
  }

  #getRefund(id: string): Response {
    const kept = this.#store.refund(id)
    if (!kept || !this.#visibility.visible(kept.visibleAt)) return notFound('refund', id)
    return jsonResponse({ refund: kept.item })
  }

  #payment(
    id: string,
    amount: number,
    currency: string,
    status: 'APPROVED' | 'COMPLETED',
    extra: { reference_id?: string; note?: string },
  ): SquarePayment {
    const at = this.#iso()
    const money = { amount, currency }
    return {
      id,
      created_at: at,
      updated_at: at,
      amount_money: money,
      total_money: money,
      approved_money: money,
      status,
      source_type: 'CARD',
      card_details: {
        status: status === 'COMPLETED' ? 'CAPTURED' : 'AUTHORIZED',
        card: { card_brand: 'VISA', last_4: '1111' },
      },
      location_id: LOCATION_ID,
      ...extra,
      receipt_number: id.slice(-4),
    }
  }

  /** Square's ids: opaque, 22+ characters. */
  #id(): string {
    return `flSq${String(this.#nextId++).padStart(18, '0')}`
  }

  #iso(): string {
    return new Date(this.#now()).toISOString()
  }
}

function parseJson(text: string): Json | null {
  try {
    const v = JSON.parse(text || '{}') as unknown
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : null
  } catch {
    return null
  }
}

function inFlight(): Response {
  return squareError(
    409,
    'INVALID_REQUEST_ERROR',
    'CONFLICT',
    'Another request with this idempotency key is in progress.',
    'idempotency_key',
  )
}

function missing(field: string): Response {
  return squareError(400, 'INVALID_REQUEST_ERROR', 'MISSING_REQUIRED_PARAMETER', `Field must be set`, field)
}

function expected(type: 'BOOLEAN' | 'INTEGER' | 'OBJECT', field: string): Response {
  return squareError(400, 'INVALID_REQUEST_ERROR', `EXPECTED_${type}`, `Expected ${type.toLowerCase()}.`, field)
}

function notFound(what: 'payment' | 'refund', id: string): Response {
  return squareError(404, 'INVALID_REQUEST_ERROR', 'NOT_FOUND', `Could not find ${what} with id: ${id}`)
}

/** Q10: positive minor units, ISO currency. */
function moneyOf(raw: unknown, field: string): Money | { problem: Response } {
  if (raw === undefined) return { problem: missing(field) }
  if (!raw || typeof raw !== 'object') return { problem: expected('OBJECT', field) }
  const { amount, currency } = raw as { amount?: unknown; currency?: unknown }
  if (amount === undefined) return { problem: missing(`${field}.amount`) }
  if (typeof amount !== 'number' || !Number.isInteger(amount))
    return { problem: expected('INTEGER', `${field}.amount`) }
  if (amount <= 0)
    return {
      problem: squareError(400, 'INVALID_REQUEST_ERROR', 'VALUE_TOO_LOW', 'Must be greater than 0.', `${field}.amount`),
    }
  if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency))
    return {
      problem: squareError(
        400,
        'INVALID_REQUEST_ERROR',
        'INVALID_ENUM_VALUE',
        `Invalid currency: ${String(currency)}.`,
        `${field}.currency`,
      ),
    }
  return { amount, currency }
}

/** undefined: absent; a Response: refused. */
function optionalText(raw: unknown, field: string, max: number): string | undefined | Response {
  if (raw === undefined || raw === null) return undefined
  if (typeof raw !== 'string')
    return squareError(400, 'INVALID_REQUEST_ERROR', 'EXPECTED_STRING', 'Expected a string.', field)
  if (raw.length > max)
    return squareError(
      400,
      'INVALID_REQUEST_ERROR',
      'VALUE_TOO_LONG',
      `Field must not be greater than ${max} length`,
      field,
    )
  return raw
}
