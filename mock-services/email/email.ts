// A Resend-shaped e-mail service: POST /emails,
// reads, a lookup by tag for probes, Resend's
// Idempotency-Key contract.
// Longer than most because it is Resend's surface
// route by route (docs/vendors.md).
import { canonicalJson } from '../idempotency/fingerprint.ts'
import { guarded, type Performed } from '../idempotency/guard.ts'
import { IdempotencyStore } from '../idempotency/store.ts'
import { Ledger } from '../ledger.ts'
import type { Delivery, MockService, ServiceErrorKind, ServiceSettings } from '../service.ts'
import { Processing } from '../processing.ts'
import { Visibility } from '../visibility.ts'
import { pastDeadline } from '../deadline.ts'
import { Refusals } from '../refusals.ts'
import { resendError } from './errors.ts'
import { EmailStore, type Tag } from './store.ts'
import { jsonResponse } from '../json-response.ts'
import { bodyText } from '../request-body.ts'

export type { Email, Tag } from './store.ts'

/**
 * What the service offers. Only `idempotent` (the
 * default) is Resend's; the rest go beyond it:
 * - `idempotent`: keys kept 24 h, no lookup
 * - `idempotent+probe`: plus the lookup by tag
 * - `probe-only`: the lookup; keys ignored
 * - `neither`: a timed-out send can't be made safe
 */
export type EmailMode = 'idempotent' | 'idempotent+probe' | 'probe-only' | 'neither'
export const EMAIL_MODES: readonly EmailMode[] = ['idempotent', 'idempotent+probe', 'probe-only', 'neither']

/** Does the mode honour keys? Offer the lookup? */
export function emailModeOffers(mode: EmailMode): { readonly keys: boolean; readonly lookup: boolean } {
  return {
    keys: mode === 'idempotent' || mode === 'idempotent+probe',
    lookup: mode === 'idempotent+probe' || mode === 'probe-only',
  }
}

/** The mode that offers keys and a look-up as asked. */
export function emailModeOf(keys: boolean, lookup: boolean): EmailMode {
  if (keys) return lookup ? 'idempotent+probe' : 'idempotent'
  return lookup ? 'probe-only' : 'neither'
}

export interface EmailSettings extends ServiceSettings {
  readonly mode: EmailMode
  /** Waits while processing (tests inject one). */
  readonly pause?: () => Promise<void>
}

export const DEFAULT_EMAIL_SETTINGS: EmailSettings = {
  processingMs: 20,
  visibilityLagMs: 0,
  keyStore: 'durable',
  mode: 'idempotent',
  honoursDeadline: false,
}

/**
 * Resend's rate-limit headers, on every answer (IETF
 * RateLimit draft 6; default 5 requests/s per team).
 */
function withRateLimit(response: Response, remaining = 4, resetS = 1): Response {
  response.headers.set('ratelimit-limit', '5')
  response.headers.set('ratelimit-remaining', String(remaining))
  response.headers.set('ratelimit-reset', String(resetS))
  return response
}

/** Resend documents 1 to 256 characters. */
export const MAX_EMAIL_KEY_LENGTH = 256
const TAG_PART = /^[A-Za-z0-9_-]{1,256}$/

export class EmailService implements MockService {
  readonly name = 'email'
  readonly vendor = 'resend'
  readonly ledger = new Ledger()
  readonly keys: IdempotencyStore
  readonly #store = new EmailStore()
  readonly #settings: EmailSettings
  readonly #now: () => number
  readonly #visibility: Visibility
  readonly #processing: Processing
  readonly #refusals = new Refusals()
  #nextId = 1

  constructor(now: () => number = Date.now, settings: Partial<EmailSettings> = {}) {
    this.#now = now
    this.#settings = { ...DEFAULT_EMAIL_SETTINGS, ...settings }
    this.keys = new IdempotencyStore(now, undefined, this.#settings.keyStore)
    this.#visibility = new Visibility(now, this.#settings.visibilityLagMs)
    this.#processing = new Processing(this.name, this.#settings.processingMs, this.#settings.pause)
  }

  get mode(): EmailMode {
    return this.#settings.mode
  }

  isMutation(request: Request): boolean {
    return request.method === 'POST'
  }

  restart(): void {
    this.#processing.restart()
    this.keys.restart()
  }

  /** An error in Resend's words (docs/vendors.md). */
  errorResponse(kind: ServiceErrorKind, retryAfterS = 1): Response {
    switch (kind) {
      case 'rate-limited': {
        // Resend's 429 does carry Retry-After.
        const r = resendError(
          429,
          'rate_limit_exceeded',
          'Too many requests. Please limit the number of requests per second.',
        )
        r.headers.set('retry-after', String(retryAfterS))
        return withRateLimit(r, 0, retryAfterS)
      }
      case 'unavailable':
        return withRateLimit(resendError(503, 'service_unavailable', 'API is temporarily unavailable'))
      case 'validation':
        return withRateLimit(invalidTo())
      case 'key-in-use':
        return withRateLimit(
          resendError(
            409,
            'concurrent_idempotent_requests',
            'Same idempotency key used while original request is still in progress. Try the request again later.',
          ),
        )
    }
  }

  /**
   * A fault's 422 for this payload, and every
   * later send of it (any key): validation
   * depends on the payload alone (docs/vendors.md R3).
   */
  async refuseAsInvalid(request: Request): Promise<Response> {
    return withRateLimit(this.#refusals.refuse(slotOf(request, await bodyText(request)), invalidTo))
  }

  async handle(request: Request, delivery: Delivery): Promise<Response> {
    return withRateLimit(await this.#route(request, delivery))
  }

  async #route(request: Request, delivery: Delivery): Promise<Response> {
    const url = new URL(request.url)
    if (request.method === 'POST' && url.pathname === '/emails') return this.#send(request, delivery)
    if (request.method === 'GET' && url.pathname === '/emails') return this.#list(url)
    if (request.method === 'GET' && url.pathname.startsWith('/emails/'))
      return this.#get(decodeURIComponent(url.pathname.slice('/emails/'.length)))
    return resendError(404, 'not_found', 'The requested endpoint does not exist.')
  }

  // --- sending, under Resend's key contract ---

  async #send(request: Request, delivery: Delivery): Promise<Response> {
    if (this.#settings.honoursDeadline && pastDeadline(request, this.#now()))
      return resendError(
        408,
        'request_timeout',
        'The request arrived after the deadline its client forwarded; it was not processed.',
      )
    const text = await bodyText(request)
    // Refused before: validated the same way.
    const refused = this.#refusals.again(() => slotOf(request, text))
    if (refused) return refused
    let body: unknown
    try {
      body = JSON.parse(text)
    } catch {
      return resendError(400, 'validation_error', 'Invalid JSON in request body.')
    }
    const key = emailModeOffers(this.#settings.mode).keys ? request.headers.get('idempotency-key') : null
    const perform = () => this.#deliver(body, delivery)
    if (key === null) {
      const r = await perform()
      return 'dontStore' in r ? r.dontStore : jsonResponse(r.store.body, { status: r.store.status })
    }
    if (key.length < 1 || key.length > MAX_EMAIL_KEY_LENGTH) {
      return resendError(400, 'invalid_idempotency_key', `The key must be between 1-${MAX_EMAIL_KEY_LENGTH} chars.`)
    }
    return guarded(this.keys, key, canonicalJson(body), perform, {
      replay: (stored) => jsonResponse(stored.body, { status: stored.status }),
      fresh: (stored) => jsonResponse(stored.body, { status: stored.status }),
      mismatch: () =>
        resendError(
          409,
          'invalid_idempotent_request',
          'Same idempotency key used with a different request payload. Change your idempotency key or payload.',
        ),
      inFlight: () =>
        resendError(
          409,
          'concurrent_idempotent_requests',
          'Same idempotency key used while original request is still in progress. Try the request again later.',
        ),
    })
  }

  async #deliver(body: unknown, delivery: Delivery): Promise<Performed> {
    const invalid = (status: number, name: string, message: string) => ({
      dontStore: resendError(status, name, message),
    })
    if (delivery.internalError) {
      // Failed before sending: nothing sent, nothing kept
      // under the key.
      await this.#processing.run()
      return { dontStore: resendError(500, 'application_error', 'An unexpected error occurred.') }
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      return invalid(422, 'validation_error', 'The request body must be a JSON object.')
    const b = body as Record<string, unknown>
    for (const field of ['from', 'to', 'subject'] as const) {
      if (b[field] === undefined || b[field] === '')
        return invalid(422, 'missing_required_field', `The \`${field}\` field is missing.`)
    }
    if (typeof b.from !== 'string' || !/^(.*<)?[^@\s<>]+@[^@\s<>]+\.[^@\s<>]+>?$/.test(b.from)) {
      return invalid(
        422,
        'invalid_from_address',
        'Invalid `from` field. The email address needs to follow the `email@example.com` or `Name <email@example.com>` format.',
      )
    }
    const to =
      typeof b.to === 'string'
        ? [b.to]
        : Array.isArray(b.to) && b.to.every((t) => typeof t === 'string')
          ? (b.to as string[])
          : null
    if (!to || to.length === 0 || to.length > 50)
      return invalid(
        422,
        'validation_error',
        'The `to` field must be an e-mail address or an array of 1 to 50 addresses.',
      )
    if (typeof b.subject !== 'string') return invalid(422, 'validation_error', 'The `subject` field must be a string.')
    if (b.html === undefined && b.text === undefined)
      return invalid(422, 'validation_error', 'Either `html` or `text` must be provided.')
    const tags: Tag[] = []
    if (b.tags !== undefined) {
      if (!Array.isArray(b.tags))
        return invalid(422, 'validation_error', 'The `tags` field must be an array of { name, value }.')
      for (const t of b.tags as unknown[]) {
        const tag = t as Record<string, unknown>
        if (
          typeof tag?.name !== 'string' ||
          typeof tag.value !== 'string' ||
          !TAG_PART.test(tag.name) ||
          !TAG_PART.test(tag.value)
        ) {
          return invalid(
            422,
            'validation_error',
            'Tags should only contain ASCII letters, numbers, underscores, or dashes, and be at most 256 characters.',
          )
        }
        tags.push({ name: tag.name, value: tag.value })
      }
    }
    await this.#processing.run()
    const email = this.#store.create({
      id: this.#id(),
      from: b.from,
      to,
      subject: b.subject,
      html: typeof b.html === 'string' ? b.html : null,
      text: typeof b.text === 'string' ? b.text : null,
      tags,
      created_at: new Date(this.#now()).toISOString(),
      visibleAt: this.#visibility.stamp(),
    })
    // A correction names its e-mail (id or reference).
    const corrects = tags.find((t) => t.name === 'corrects')?.value ?? null
    const target =
      corrects === null
        ? null
        : (this.#store.get(corrects)?.email.id ??
          this.#store.withTag({ name: 'client_reference', value: corrects }, () => true)[0]?.id ??
          corrects)
    this.ledger.append({
      at: this.#now(),
      service: this.name,
      type: 'email',
      id: email.id,
      amount: 0,
      attempt: delivery.attempt,
      call: delivery.call,
      target,
    })
    return { store: { status: 200, body: { id: email.id } } }
  }

  // --- reads ---

  #get(id: string): Response {
    const found = this.#store.get(id)
    if (!found || !this.#visibility.visible(found.visibleAt)) return resendError(404, 'not_found', 'Email not found')
    return jsonResponse(found.email)
  }

  /**
   * `GET /emails` as Resend lists: newest first,
   * paged, no tags or bodies, no filters.
   * `?tag=name:value` is faultline's lookup
   * (profile `email-lookup`).
   */
  #list(url: URL): Response {
    const tag = url.searchParams.get('tag')
    if (tag !== null && emailModeOffers(this.#settings.mode).lookup) {
      const m = /^([^:]+):(.+)$/.exec(tag)
      if (!m) return resendError(422, 'validation_error', 'Pass the tag to look up as `tag=name:value`.')
      const data = this.#store.withTag({ name: m[1]!, value: m[2]! }, (at) => this.#visibility.visible(at))
      // Echo the filter: an unlabelled list is no lookup.
      return jsonResponse({ object: 'list', has_more: false, tag, data })
    }
    const limitRaw = url.searchParams.get('limit')
    const limit = limitRaw === null ? 20 : Number(limitRaw)
    if (!Number.isInteger(limit) || limit < 1 || limit > 100)
      return resendError(422, 'validation_error', 'The `limit` must be an integer between 1 and 100.')
    const all = this.#store.all((at) => this.#visibility.visible(at))
    const after = url.searchParams.get('after')
    const before = url.searchParams.get('before')
    let start = 0
    let end = all.length
    if (after !== null) start = all.findIndex((e) => e.id === after) + 1
    if (before !== null)
      end = Math.max(
        0,
        all.findIndex((e) => e.id === before),
      )
    const page = before !== null ? all.slice(Math.max(0, end - limit), end) : all.slice(start, start + limit)
    const hasMore = before !== null ? end - limit > 0 : start + limit < all.length
    const data = page.map(({ html: _h, text: _t, tags: _g, object: _o, ...rest }) => rest)
    return jsonResponse({ object: 'list', has_more: hasMore, data })
  }

  /** Resend's ids are UUIDs; ours deterministic. */
  #id(): string {
    return `00000000-0000-4000-8000-${String(this.#nextId++).padStart(12, '0')}`
  }
}

/** The 422 a response fault answers. */
function invalidTo(): Response {
  return resendError(422, 'validation_error', 'The `to` field must be a valid e-mail address.')
}

/** Method, path, payload (canonical JSON if it parses): no key. */
function slotOf(request: Request, text: string): string {
  return `${request.method} ${new URL(request.url).pathname} ${canonicalPayload(text)}`
}

function canonicalPayload(text: string): string {
  try {
    return canonicalJson(JSON.parse(text))
  } catch {
    return text
  }
}
