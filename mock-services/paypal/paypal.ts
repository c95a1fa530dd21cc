// A PayPal-shaped payments service: Orders v2
// (one-step card orders, capture), Payments v2
// (refund a capture, get capture/refund),
// Transaction Search, OAuth, and PayPal's
// PayPal-Request-Id contract (docs/vendors.md P1…).
// Longer than most because it is PayPal's
// surface route by route.
import { pastDeadline } from '../deadline.ts'
import { guarded, type Performed } from '../idempotency/guard.ts'
import { IdempotencyStore, type StoredResponse } from '../idempotency/store.ts'
import { jsonResponse } from '../json-response.ts'
import { Ledger } from '../ledger.ts'
import { Processing } from '../processing.ts'
import { Refusals } from '../refusals.ts'
import { bodyText } from '../request-body.ts'
import type { Delivery, ServiceErrorKind } from '../service.ts'
import type { PaymentsMock, VendorSettings } from '../vendor-spec.ts'
import { Visibility } from '../visibility.ts'
import { invalidAmountValue, type PaypalIssue, paypalError, previousRequestInProgress } from './errors.ts'
import { parseValue } from './money.ts'
import { Tokens } from './oauth.ts'
import { minimal, refundedSeen, renderCapture, renderOrder, renderRefund } from './render.ts'
import { SEARCH_LAG_MS, searchTransactions } from './search.ts'
import { type CaptureRecord, PaypalStore } from './store.ts'

const HOUR_MS = 60 * 60 * 1000
/** Orders v2 keeps a PayPal-Request-Id 6 h (P4). */
export const ORDERS_KEY_RETENTION_MS = 6 * HOUR_MS
/** Payments v2 keeps one 45 days (P4). */
export const PAYMENTS_KEY_RETENTION_MS = 45 * 24 * HOUR_MS
/** Not published for v2; v1 and Orders say 108. */
export const MAX_REQUEST_ID_LENGTH = 108

export const DEFAULT_PAYPAL_SETTINGS: VendorSettings = {
  processingMs: 20,
  visibilityLagMs: 0,
  keyStore: 'durable',
  honoursDeadline: false,
}

/** What a keyed request stored: the resource. */
interface Made {
  readonly kind: 'order' | 'refund'
  readonly id: string
}

type Json = Record<string, unknown>

export class PaypalService implements PaymentsMock {
  readonly name = 'payments'
  readonly vendor = 'paypal'
  readonly ledger = new Ledger()
  /** One key store per API: retention differs. */
  readonly orderKeys: IdempotencyStore
  readonly paymentKeys: IdempotencyStore
  readonly #store = new PaypalStore()
  readonly #tokens: Tokens
  readonly #settings: VendorSettings
  readonly #now: () => number
  readonly #visibility: Visibility
  readonly #processing: Processing
  readonly #refusals = new Refusals()
  #debug = 0

  constructor(now: () => number = Date.now, settings: Partial<VendorSettings> = {}) {
    this.#now = now
    this.#settings = { ...DEFAULT_PAYPAL_SETTINGS, ...settings }
    this.orderKeys = new IdempotencyStore(now, ORDERS_KEY_RETENTION_MS, this.#settings.keyStore)
    this.paymentKeys = new IdempotencyStore(now, PAYMENTS_KEY_RETENTION_MS, this.#settings.keyStore)
    this.#tokens = new Tokens(now)
    this.#visibility = new Visibility(now, this.#settings.visibilityLagMs)
    this.#processing = new Processing(this.name, this.#settings.processingMs, this.#settings.pause)
  }

  /**
   * A completed capture the plan may refund, under
   * the plan's id (`pi_1`), in its own order.
   */
  seedPaymentIntent(id: string, amount: number, currency: string): CaptureRecord {
    const at = this.#now()
    const orderId = this.#store.id('O')
    this.#store.orders.set(orderId, {
      id: orderId,
      status: 'COMPLETED',
      referenceId: 'default',
      amount,
      currency: currency.toUpperCase(),
      customId: null,
      invoiceId: null,
      cardLast4: '1111',
      captureIds: [id],
      createdAt: at,
      updatedAt: at,
      visibleAt: at,
    })
    const capture: CaptureRecord = {
      id,
      orderId,
      amount,
      currency: currency.toUpperCase(),
      customId: null,
      invoiceId: null,
      refunded: 0,
      refundIds: [],
      createdAt: at,
      updatedAt: at,
      visibleAt: at,
      searchableAt: at,
    }
    this.#store.captures.set(id, capture)
    return capture
  }

  /** POSTs make effects; the OAuth token is a read. */
  isMutation(request: Request): boolean {
    return request.method === 'POST' && !this.isSetup(request)
  }

  isSetup(request: Request): boolean {
    return new URL(request.url).pathname === '/v1/oauth2/token'
  }

  restart(): void {
    this.#processing.restart()
    this.orderKeys.restart()
    this.paymentKeys.restart()
  }

  /** Response-boundary errors in PayPal's shape (P8). */
  errorResponse(kind: ServiceErrorKind): Response {
    switch (kind) {
      // No Retry-After: PayPal's rate-limiting
      // guideline names none (P11).
      case 'rate-limited':
        return paypalError(this.#debugId(), 429, 'RATE_LIMIT_REACHED')
      case 'unavailable':
        return paypalError(this.#debugId(), 503, 'SERVICE_UNAVAILABLE')
      case 'validation':
        return invalidAmountValue(this.#debugId())
      case 'key-in-use':
        return previousRequestInProgress(this.#debugId())
    }
  }

  /** Refused parameters stay refused, any id. */
  async refuseAsInvalid(request: Request): Promise<Response> {
    const slot = this.#slot(request, await bodyText(request))
    return this.#refusals.refuse(slot, () => invalidAmountValue(this.#debugId()))
  }

  #slot(request: Request, text: string): string {
    let canonical = text
    try {
      canonical = JSON.stringify(sortKeys(JSON.parse(text || '{}')))
    } catch {}
    return `${request.method} ${new URL(request.url).pathname} ${canonical}`
  }

  #debugId(): string {
    return `f1${(++this.#debug).toString(16).padStart(11, '0')}`
  }

  #error(status: number, name: string, details: readonly PaypalIssue[] = []): Response {
    return paypalError(this.#debugId(), status, name, details)
  }

  async handle(request: Request, delivery: Delivery): Promise<Response> {
    const url = new URL(request.url)
    const path = url.pathname
    if (request.method === 'POST' && path === '/v1/oauth2/token')
      return this.#tokens.issue(request, new URLSearchParams(await bodyText(request)))
    if (!this.#tokens.valid(request)) return this.#error(401, 'AUTHENTICATION_FAILURE')
    const origin = url.origin
    const m = (re: RegExp) => re.exec(path)?.[1]
    if (request.method === 'GET') {
      if (path === '/v1/reporting/transactions') {
        const got = searchTransactions(url, this.#store, this.#now())
        if (got.ok) return got.response
        return this.#error(400, 'INVALID_REQUEST', [
          { field: got.field, location: 'query', issue: got.issue, description: 'The query parameter is invalid.' },
        ])
      }
      const order = m(/^\/v2\/checkout\/orders\/([^/]+)$/)
      if (order !== undefined) return this.#getOrder(origin, decodeURIComponent(order))
      const capture = m(/^\/v2\/payments\/captures\/([^/]+)$/)
      if (capture !== undefined) return this.#getCapture(origin, decodeURIComponent(capture))
      const refund = m(/^\/v2\/payments\/refunds\/([^/]+)$/)
      if (refund !== undefined) return this.#getRefund(origin, decodeURIComponent(refund))
    }
    if (request.method === 'POST') {
      if (path === '/v2/checkout/orders')
        return this.#keyed(request, delivery, this.orderKeys, (body) => this.#createOrder(body, request, delivery))
      const toCapture = m(/^\/v2\/checkout\/orders\/([^/]+)\/capture$/)
      if (toCapture !== undefined)
        return this.#keyed(request, delivery, this.orderKeys, () =>
          this.#captureOrder(decodeURIComponent(toCapture), delivery),
        )
      const toRefund = m(/^\/v2\/payments\/captures\/([^/]+)\/refund$/)
      if (toRefund !== undefined)
        return this.#keyed(request, delivery, this.paymentKeys, (body) =>
          this.#refund(decodeURIComponent(toRefund), body, delivery),
        )
    }
    return this.#error(404, 'RESOURCE_NOT_FOUND', [
      {
        issue: 'INVALID_RESOURCE_ID',
        description: 'Specified resource ID does not exist. Please check the resource ID and try again.',
      },
    ])
  }

  // --- PayPal's PayPal-Request-Id contract (P3–P7) ---

  async #keyed(
    request: Request,
    delivery: Delivery,
    keys: IdempotencyStore,
    perform: (body: Json) => Promise<Performed>,
  ): Promise<Response> {
    const url = new URL(request.url)
    if (this.#settings.honoursDeadline && pastDeadline(request, this.#now()))
      return this.#error(408, 'REQUEST_DEADLINE_EXCEEDED')
    const text = await bodyText(request)
    const refused = this.#refusals.again(() => this.#slot(request, text))
    if (refused) return refused
    let body: Json
    try {
      const parsed: unknown = text === '' ? {} : JSON.parse(text)
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not an object')
      body = parsed as Json
    } catch {
      return this.#error(400, 'INVALID_REQUEST', [
        { issue: 'MALFORMED_REQUEST_JSON', description: 'The request JSON is not well formed.' },
      ])
    }
    const key = request.headers.get('paypal-request-id')
    // A 5xx is not kept: a retry under the id
    // does the work (P6).
    const run = async (): Promise<Performed> => {
      if (delivery.internalError) {
        await this.#processing.run()
        return { dontStore: this.#error(500, 'INTERNAL_SERVER_ERROR') }
      }
      return perform(body)
    }
    const answer = (stored: StoredResponse) => this.#render(url.origin, stored, request)
    if (key === null) {
      const done = await run()
      return 'dontStore' in done ? done.dontStore : answer(done.store)
    }
    if (key.length === 0 || key.length > MAX_REQUEST_ID_LENGTH)
      return this.#error(400, 'INVALID_REQUEST', [
        {
          field: 'PayPal-Request-Id',
          location: 'header',
          issue: 'INVALID_STRING_LENGTH',
          description: `The value of a field is either too short or too long (1 to ${MAX_REQUEST_ID_LENGTH}).`,
        },
      ])
    // No payload comparison: the id alone names
    // the request (P5), per API path.
    return guarded(keys, `${url.pathname} ${key}`, '', run, {
      replay: answer,
      fresh: answer,
      mismatch: () => previousRequestInProgress(this.#debugId()), // unreachable: one fingerprint
      inFlight: () => previousRequestInProgress(this.#debugId()),
    })
  }

  /**
   * The latest status of what a request made,
   * not a snapshot (P3); minimal unless the
   * request prefers the representation (P10).
   */
  #render(origin: string, stored: StoredResponse, request: Request): Response {
    const made = stored.body as Made
    const full =
      made.kind === 'order'
        ? renderOrder(origin, this.#store.orders.get(made.id)!, this.#store)
        : renderRefund(origin, this.#store.refunds.get(made.id)!)
    const representation = /return=representation/i.test(request.headers.get('prefer') ?? '')
    const debugId = this.#debugId()
    return jsonResponse(representation ? full : minimal(full), {
      status: stored.status,
      headers: { 'paypal-debug-id': debugId },
    })
  }

  // --- resources ---

  async #createOrder(body: Json, request: Request, delivery: Delivery): Promise<Performed> {
    const invalid = (issue: string, field: string, description: string): Performed => ({
      dontStore: this.#error(400, 'INVALID_REQUEST', [{ field, location: 'body', issue, description }]),
    })
    if (body.intent !== 'CAPTURE')
      return invalid('INVALID_PARAMETER_VALUE', '/intent', 'Only CAPTURE is supported here.')
    const units = body.purchase_units
    if (!Array.isArray(units) || units.length !== 1)
      return invalid('MISSING_REQUIRED_PARAMETER', '/purchase_units', 'One purchase unit is required.')
    const unit = units[0] as Json
    const amount = (unit.amount ?? {}) as Json
    const currency = typeof amount.currency_code === 'string' ? amount.currency_code : ''
    if (!/^[A-Z]{3}$/.test(currency))
      return invalid(
        'INVALID_PARAMETER_VALUE',
        '/purchase_units/@reference_id==default/amount/currency_code',
        'Currency code is invalid.',
      )
    const value = parseValue(amount.value, currency)
    if (!value.ok || value.minor <= 0)
      return invalid(
        value.ok ? 'INVALID_PARAMETER_VALUE' : value.issue,
        '/purchase_units/@reference_id==default/amount/value',
        'The value of a field is invalid.',
      )
    const card = ((body.payment_source ?? {}) as Json).card as Json | undefined
    // One step pays at once: PayPal requires an id.
    if (card !== undefined && request.headers.get('paypal-request-id') === null)
      return {
        dontStore: this.#error(400, 'INVALID_REQUEST', [
          {
            field: 'PayPal-Request-Id',
            location: 'header',
            issue: 'PAYPAL_REQUEST_ID_REQUIRED',
            description:
              "A PayPal-Request-Id is required if you are trying to process payment for an Order. Please specify a PayPal-Request-Id or Create the Order without a 'payment_source' specified.",
          },
        ]),
      }
    await this.#processing.run()
    const at = this.#now()
    const id = this.#store.id('O')
    const number = typeof card?.number === 'string' ? card.number : ''
    this.#store.orders.set(id, {
      id,
      status: 'CREATED',
      referenceId: typeof unit.reference_id === 'string' ? unit.reference_id : 'default',
      amount: value.minor,
      currency,
      customId: typeof unit.custom_id === 'string' ? unit.custom_id : null,
      invoiceId: typeof unit.invoice_id === 'string' ? unit.invoice_id : null,
      cardLast4: card !== undefined ? number.slice(-4) || '1111' : null,
      captureIds: [],
      createdAt: at,
      updatedAt: at,
      visibleAt: this.#visibility.stamp(),
    })
    // With a card, the order completes in this call.
    if (card !== undefined) this.#capture(id, delivery)
    return { store: { status: 201, body: { kind: 'order', id } satisfies Made } }
  }

  async #captureOrder(orderId: string, delivery: Delivery): Promise<Performed> {
    const order = this.#store.orders.get(orderId)
    if (!order)
      return {
        dontStore: this.#error(404, 'RESOURCE_NOT_FOUND', [
          {
            issue: 'INVALID_RESOURCE_ID',
            description: 'Specified resource ID does not exist. Please check the resource ID and try again.',
          },
        ]),
      }
    await this.#processing.run()
    // Checked after processing: two can't both pass.
    if (order.status === 'COMPLETED')
      return {
        dontStore: this.#error(422, 'UNPROCESSABLE_ENTITY', [
          {
            issue: 'ORDER_ALREADY_CAPTURED',
            description: "Order already captured.If 'intent=CAPTURE' only one capture per order is allowed.",
          },
        ]),
      }
    this.#capture(orderId, delivery)
    return { store: { status: 201, body: { kind: 'order', id: orderId } satisfies Made } }
  }

  /** The charge: a completed capture, in the ledger. */
  #capture(orderId: string, delivery: Delivery): void {
    const order = this.#store.orders.get(orderId)!
    const at = this.#now()
    const id = this.#store.id('C')
    this.#store.captures.set(id, {
      id,
      orderId,
      amount: order.amount,
      currency: order.currency,
      customId: order.customId,
      invoiceId: order.invoiceId,
      refunded: 0,
      refundIds: [],
      createdAt: at,
      updatedAt: at,
      visibleAt: this.#visibility.stamp(),
      searchableAt: Math.max(this.#visibility.stamp(), at + SEARCH_LAG_MS),
    })
    order.captureIds.push(id)
    order.status = 'COMPLETED'
    order.updatedAt = at
    this.ledger.append({
      at,
      service: this.name,
      type: 'charge',
      id,
      amount: order.amount,
      attempt: delivery.attempt,
      call: delivery.call,
    })
  }

  async #refund(captureId: string, body: Json, delivery: Delivery): Promise<Performed> {
    const refuse = (status: number, name: string, issue: string, description: string, field?: string): Performed => ({
      dontStore: this.#error(status, name, [
        { issue, description, ...(field ? { field, location: 'body' as const } : {}) },
      ]),
    })
    const capture = this.#store.captures.get(captureId)
    if (!capture)
      return refuse(
        404,
        'RESOURCE_NOT_FOUND',
        'INVALID_RESOURCE_ID',
        'Specified resource ID does not exist. Please check the resource ID and try again.',
      )
    let amount: number | null = null
    if (body.amount !== undefined) {
      const a = (body.amount ?? {}) as Json
      if (a.currency_code !== capture.currency)
        return refuse(
          422,
          'UNPROCESSABLE_ENTITY',
          'CURRENCY_MISMATCH',
          'Currency of capture must be the same as currency of refund.',
          '/amount/currency_code',
        )
      const v = parseValue(a.value, capture.currency)
      if (!v.ok) return refuse(400, 'INVALID_REQUEST', v.issue, 'The value of a field is invalid.', '/amount/value')
      if (v.minor <= 0)
        return refuse(
          400,
          'INVALID_REQUEST',
          'INVALID_PARAMETER_VALUE',
          'The value of a field is invalid.',
          '/amount/value',
        )
      amount = v.minor
    }
    const text = (k: string, max: number): string | null | false => {
      const v = body[k]
      if (v === undefined) return null
      return typeof v === 'string' && v.length <= max ? v : false
    }
    const customId = text('custom_id', 127)
    const invoiceId = text('invoice_id', 127)
    const note = text('note_to_payer', 255)
    for (const [field, v] of [
      ['custom_id', customId],
      ['invoice_id', invoiceId],
      ['note_to_payer', note],
    ] as const)
      if (v === false)
        return refuse(
          400,
          'INVALID_REQUEST',
          'INVALID_STRING_LENGTH',
          'The value of a field is either too short or too long.',
          `/${field}`,
        )
    await this.#processing.run()
    // Checked after processing: two concurrent
    // refunds can't both pass.
    const left = capture.amount - capture.refunded
    if (left <= 0)
      return refuse(
        422,
        'UNPROCESSABLE_ENTITY',
        'CAPTURE_FULLY_REFUNDED',
        'The capture has already been fully refunded',
      )
    const take = amount ?? left
    if (take > left)
      return refuse(
        422,
        'UNPROCESSABLE_ENTITY',
        'REFUND_AMOUNT_EXCEEDED',
        'The refund amount must be less than or equal to the capture amount that has not yet been refunded.',
      )
    const at = this.#now()
    const id = this.#store.id('R')
    this.#store.refunds.set(id, {
      id,
      captureId,
      amount: take,
      currency: capture.currency,
      customId: customId || null,
      invoiceId: invoiceId || null,
      noteToPayer: note || null,
      createdAt: at,
      visibleAt: this.#visibility.stamp(),
      searchableAt: Math.max(this.#visibility.stamp(), at + SEARCH_LAG_MS),
    })
    capture.refunded += take
    capture.refundIds.push(id)
    capture.updatedAt = at
    this.ledger.append({
      at,
      service: this.name,
      type: 'refund',
      id,
      amount: take,
      attempt: delivery.attempt,
      call: delivery.call,
      target: captureId,
    })
    return { store: { status: 201, body: { kind: 'refund', id } satisfies Made } }
  }

  #notFound(): Response {
    return this.#error(404, 'RESOURCE_NOT_FOUND', [
      {
        issue: 'INVALID_RESOURCE_ID',
        description: 'Specified resource ID does not exist. Please check the resource ID and try again.',
      },
    ])
  }

  #getOrder(origin: string, id: string): Response {
    const o = this.#store.orders.get(id)
    if (!o || !this.#visibility.visible(o.visibleAt)) return this.#notFound()
    return jsonResponse(renderOrder(origin, o, this.#store, (at) => this.#visibility.visible(at)))
  }

  #getCapture(origin: string, id: string): Response {
    const c = this.#store.captures.get(id)
    if (!c || !this.#visibility.visible(c.visibleAt)) return this.#notFound()
    const visible = (at: number) => this.#visibility.visible(at)
    return jsonResponse(renderCapture(origin, c, refundedSeen(c, this.#store, visible)))
  }

  #getRefund(origin: string, id: string): Response {
    const r = this.#store.refunds.get(id)
    if (!r || !this.#visibility.visible(r.visibleAt)) return this.#notFound()
    return jsonResponse(renderRefund(origin, r))
  }
}

function sortKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortKeys)
  if (typeof v !== 'object' || v === null) return v
  return Object.fromEntries(
    Object.keys(v)
      .sort()
      .map((k) => [k, sortKeys((v as Json)[k])]),
  )
}
