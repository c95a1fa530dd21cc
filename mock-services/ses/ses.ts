// An SES-v2-shaped e-mail service: SendEmail
// (no idempotency token: every accepted send is
// a new e-mail), GetMessageInsights by id, SES's
// error shapes (docs/vendors.md A1…).
import { canonicalJson } from '../idempotency/fingerprint.ts'
import { jsonResponse } from '../json-response.ts'
import { Ledger } from '../ledger.ts'
import { pastDeadline } from '../deadline.ts'
import { Processing } from '../processing.ts'
import { Refusals } from '../refusals.ts'
import { bodyText } from '../request-body.ts'
import type { Delivery, MockService, ServiceErrorKind, ServiceSettings } from '../service.ts'
import { Visibility } from '../visibility.ts'
import { sesError } from './errors.ts'
import { SesStore, type SesTag } from './store.ts'

export interface SesSettings extends ServiceSettings {
  /** Waits while processing (tests inject one). */
  readonly pause?: () => Promise<void>
}

export const DEFAULT_SES_SETTINGS: SesSettings = {
  processingMs: 20,
  visibilityLagMs: 0,
  keyStore: 'durable',
  honoursDeadline: false,
}

/** SendEmail's path (the SDK's schema, A2). */
export const SEND_EMAIL_PATH = '/v2/email/outbound-emails'
const INSIGHTS_PATH = '/v2/email/insights/'

/** Tag names and values (A7). */
const TAG_PART = /^[A-Za-z0-9_-]{1,256}$/
const ADDRESS = /^(.*<)?[^@\s<>]+@[^@\s<>]+\.[^@\s<>]+>?$/
/** SigV4 (or SigV4a): checked for, not verified. */
const SIGNED = /^AWS4-(HMAC-SHA256|ECDSA-P256-SHA256) Credential=\S+/

export class SesService implements MockService {
  readonly name = 'email'
  readonly vendor = 'ses'
  readonly ledger = new Ledger()
  readonly #store = new SesStore()
  readonly #settings: SesSettings
  readonly #now: () => number
  readonly #visibility: Visibility
  readonly #processing: Processing
  readonly #refusals = new Refusals()
  #nextId = 1
  #nextRequest = 1

  constructor(now: () => number = Date.now, settings: Partial<SesSettings> = {}) {
    this.#now = now
    this.#settings = { ...DEFAULT_SES_SETTINGS, ...settings }
    this.#visibility = new Visibility(now, this.#settings.visibilityLagMs)
    this.#processing = new Processing(this.name, this.#settings.processingMs, this.#settings.pause)
  }

  isMutation(request: Request): boolean {
    return request.method === 'POST'
  }

  /** In-flight sends die; no keys to keep. */
  restart(): void {
    this.#processing.restart()
  }

  /**
   * SES's answers (A4, A5). It has no keys, so
   * no "key in use": asked anyway, a 503.
   * No Retry-After: SES documents none (A6).
   */
  errorResponse(kind: ServiceErrorKind, _retryAfterS?: number): Response {
    switch (kind) {
      case 'rate-limited':
        return this.#stamp(sesError(429, 'TooManyRequestsException', 'Maximum sending rate exceeded.'))
      case 'validation':
        return this.#stamp(invalidAddress())
      case 'unavailable':
      case 'key-in-use':
        return this.#stamp(unavailable())
    }
  }

  /** A fault's 400, and every later send of it (A8). */
  async refuseAsInvalid(request: Request): Promise<Response> {
    return this.#stamp(this.#refusals.refuse(slotOf(request, await bodyText(request)), invalidAddress))
  }

  async handle(request: Request, delivery: Delivery): Promise<Response> {
    return this.#stamp(await this.#route(request, delivery))
  }

  /** Every answer names its request (A4). */
  #stamp(response: Response): Response {
    const n = this.#nextRequest++
    response.headers.set('x-amzn-requestid', `00000000-0000-4000-a000-${String(n).padStart(12, '0')}`)
    return response
  }

  async #route(request: Request, delivery: Delivery): Promise<Response> {
    // Unsigned: refused before anything (A9).
    if (!SIGNED.test(request.headers.get('authorization') ?? ''))
      return sesError(403, 'MissingAuthenticationTokenException', 'Missing Authentication Token')
    const url = new URL(request.url)
    if (request.method === 'POST' && url.pathname === SEND_EMAIL_PATH) return this.#send(request, delivery)
    if (request.method === 'GET' && url.pathname.startsWith(INSIGHTS_PATH))
      return this.#insights(decodeURIComponent(url.pathname.slice(INSIGHTS_PATH.length).replace(/\/$/, '')))
    return sesError(404, 'NotFoundException', 'The requested resource was not found.')
  }

  // --- SendEmail: no token, no replay (A1) ---

  async #send(request: Request, delivery: Delivery): Promise<Response> {
    if (this.#settings.honoursDeadline && pastDeadline(request, this.#now()))
      return sesError(
        408,
        'RequestTimeoutException',
        'The request arrived after the deadline its client forwarded; it was not processed.',
      )
    const text = await bodyText(request)
    const refused = this.#refusals.again(() => slotOf(request, text))
    if (refused) return refused
    let body: unknown
    try {
      body = JSON.parse(text)
    } catch {
      return sesError(400, 'BadRequestException', 'The request body is not valid JSON.')
    }
    const problem = invalid(body)
    if (problem !== null) return sesError(400, 'BadRequestException', problem)
    if (delivery.internalError) {
      // Failed before sending: nothing sent.
      await this.#processing.run()
      return sesError(500, 'InternalFailure', 'The request processing has failed because of an unknown error.')
    }
    await this.#processing.run()
    const b = body as SendEmailBody
    const tags = (b.EmailTags ?? []).map((t) => ({ Name: t.Name, Value: t.Value }))
    const id = this.#id()
    this.#store.add({
      id,
      from: b.FromEmailAddress!,
      to: recipients(b),
      subject: simpleSubject(b),
      tags,
      at: this.#now(),
      visibleAt: this.#visibility.stamp(),
    })
    this.ledger.append({
      at: this.#now(),
      service: this.name,
      type: 'email',
      id,
      amount: 0,
      attempt: delivery.attempt,
      call: delivery.call,
      target: this.#corrects(tags),
    })
    return jsonResponse({ MessageId: id })
  }

  /** A correction's original: an id or a reference. */
  #corrects(tags: readonly SesTag[]): string | null {
    const corrects = tags.find((t) => t.Name === 'corrects')?.Value
    if (corrects === undefined) return null
    return (
      this.#store.get(corrects)?.id ??
      this.#store.withTag({ Name: 'client_reference', Value: corrects })?.id ??
      corrects
    )
  }

  // --- GetMessageInsights: by MessageId only (A3) ---

  #insights(id: string): Response {
    const m = this.#store.get(id)
    if (!m || !this.#visibility.visible(m.visibleAt))
      return sesError(404, 'NotFoundException', `Message ${id} not found.`)
    return jsonResponse({
      MessageId: m.id,
      FromEmailAddress: m.from,
      Subject: m.subject ?? undefined,
      EmailTags: m.tags,
      Insights: m.to.map((to) => ({
        Destination: to,
        Isp: 'UNKNOWN_ISP',
        // restJson1 timestamps: epoch seconds.
        Events: [{ Timestamp: m.at / 1_000, Type: 'SEND' }],
      })),
    })
  }

  /** SES-like ids; ours deterministic. */
  #id(): string {
    const n = this.#nextId++
    return `0100019000000000-00000000-0000-4000-8000-${String(n).padStart(12, '0')}-000000`
  }
}

interface Content {
  readonly Data?: unknown
}
interface SendEmailBody {
  readonly FromEmailAddress?: string
  readonly Destination?: { ToAddresses?: unknown; CcAddresses?: unknown; BccAddresses?: unknown }
  readonly Content: {
    readonly Simple?: { Subject?: Content; Body?: { Text?: Content; Html?: Content } }
    readonly Raw?: Content
    readonly Template?: object
  }
  readonly EmailTags?: readonly SesTag[]
}

function simpleSubject(b: SendEmailBody): string | null {
  const data = b.Content.Simple?.Subject?.Data
  return typeof data === 'string' ? data : null
}

function recipients(b: SendEmailBody): string[] {
  const d = b.Destination ?? {}
  return [d.ToAddresses, d.CcAddresses, d.BccAddresses].flatMap((l) => (Array.isArray(l) ? (l as string[]) : []))
}

/**
 * What SES refuses as a BadRequestException,
 * as far as its API reference says (A7).
 */
function invalid(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return 'The request body must be an object.'
  const b = body as SendEmailBody
  if (typeof b.Content !== 'object' || b.Content === null) return 'Content is required.'
  const kinds = ['Simple', 'Raw', 'Template'].filter((k) => (b.Content as Record<string, unknown>)[k] !== undefined)
  if (kinds.length !== 1) return 'Content must have exactly one of Simple, Raw or Template.'
  const simple = b.Content.Simple
  if (simple !== undefined) {
    if (typeof simple.Subject?.Data !== 'string') return 'Content.Simple.Subject.Data is required.'
    if (typeof simple.Body?.Text?.Data !== 'string' && typeof simple.Body?.Html?.Data !== 'string')
      return 'Content.Simple.Body needs Text or Html.'
  }
  if (typeof b.FromEmailAddress !== 'string' || !ADDRESS.test(b.FromEmailAddress))
    return "Missing final '@domain' in FromEmailAddress."
  const to = recipients(b)
  if (to.length === 0) return 'Destination must name at least one recipient.'
  if (to.length > 50) return 'Recipient count exceeds 50.'
  if (!to.every((a) => typeof a === 'string' && ADDRESS.test(a))) return "Missing final '@domain'."
  if (b.EmailTags !== undefined) {
    if (!Array.isArray(b.EmailTags)) return 'EmailTags must be a list of { Name, Value }.'
    for (const t of b.EmailTags as unknown[]) {
      const tag = t as Partial<SesTag> | null
      if (typeof tag?.Name !== 'string' || typeof tag.Value !== 'string')
        return 'Each of EmailTags needs a Name and a Value.'
      if (!TAG_PART.test(tag.Name) || !TAG_PART.test(tag.Value))
        return 'Tag names and values may contain only ASCII letters, numbers, underscores and dashes, 256 at most.'
    }
  }
  return null
}

/** A fault's 400: an address SES refuses. */
function invalidAddress(): Response {
  return sesError(400, 'BadRequestException', "Missing final '@domain'.")
}

function unavailable(): Response {
  return sesError(503, 'ServiceUnavailable', 'The request has failed due to a temporary failure of the server.')
}

/** Method, path, canonical payload: no key. */
function slotOf(request: Request, text: string): string {
  let payload = text
  try {
    payload = canonicalJson(JSON.parse(text))
  } catch {}
  return `${request.method} ${new URL(request.url).pathname} ${payload}`
}
