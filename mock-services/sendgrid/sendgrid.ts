// A SendGrid-shaped e-mail service: POST
// /v3/mail/send, Bearer auth, no idempotency
// key, nothing to read back (docs/vendors.md G1…).
import { canonicalJson } from '../idempotency/fingerprint.ts'
import { Ledger } from '../ledger.ts'
import { pastDeadline } from '../deadline.ts'
import { Processing } from '../processing.ts'
import { Refusals } from '../refusals.ts'
import { bodyText } from '../request-body.ts'
import type { Delivery, MockService, ServiceErrorKind, ServiceSettings } from '../service.ts'
import { plainError, sendgridError } from './errors.ts'
import { checkMailSend, type MailSend } from './mail-body.ts'
import { messageId } from './message-id.ts'

export const MAIL_SEND_PATH = '/v3/mail/send'

export interface SendgridSettings extends ServiceSettings {
  /** Waits while processing (tests inject one). */
  readonly pause?: () => Promise<void>
}

export const DEFAULT_SENDGRID_SETTINGS: SendgridSettings = {
  processingMs: 20,
  visibilityLagMs: 0,
  keyStore: 'durable',
  honoursDeadline: false,
}

/** An accepted send, as the service keeps it. */
interface Accepted {
  readonly id: string
  readonly mail: MailSend
}

export class SendgridService implements MockService {
  readonly name = 'email'
  readonly vendor = 'sendgrid'
  readonly ledger = new Ledger()
  readonly #settings: SendgridSettings
  readonly #now: () => number
  readonly #processing: Processing
  readonly #refusals = new Refusals()
  readonly #accepted: Accepted[] = []
  #next = 1

  constructor(now: () => number = Date.now, settings: Partial<SendgridSettings> = {}) {
    this.#now = now
    this.#settings = { ...DEFAULT_SENDGRID_SETTINGS, ...settings }
    this.#processing = new Processing(this.name, this.#settings.processingMs, this.#settings.pause)
  }

  isMutation(request: Request): boolean {
    return request.method === 'POST'
  }

  /** No keys to lose (G2): in-flight work dies. */
  restart(): void {
    this.#processing.restart()
  }

  /** An error in SendGrid's words (G4–G6). */
  errorResponse(kind: ServiceErrorKind, retryAfterS = 1): Response {
    switch (kind) {
      case 'rate-limited':
        // No Retry-After: the window's end (G5).
        return plainError(429, 'too many requests', {
          'x-ratelimit-limit': '600',
          'x-ratelimit-remaining': '0',
          'x-ratelimit-reset': String(Math.ceil(this.#now() / 1_000) + retryAfterS),
        })
      case 'validation':
        return invalidTo()
      case 'unavailable':
      case 'key-in-use':
        // No keys, so no 409 (G2): campaigns draw
        // its 503 instead (scenarios/vendor-faults.ts).
        return plainError(503, 'service unavailable')
    }
  }

  /**
   * A fault's 400 for this payload, and every
   * later send of it: validation is a function
   * of the body (G4).
   */
  async refuseAsInvalid(request: Request): Promise<Response> {
    return this.#refusals.refuse(slotOf(request, await bodyText(request)), invalidTo)
  }

  async handle(request: Request, delivery: Delivery): Promise<Response> {
    // Every v3 call needs a Bearer key (G3).
    const auth = request.headers.get('authorization')
    if (auth === null) return plainError(401, 'authorization required')
    if (!/^bearer\s+\S+/i.test(auth))
      return plainError(401, 'The provided authorization grant is invalid, expired, or revoked')
    const path = new URL(request.url).pathname.replace(/\/+$/, '')
    if (path === MAIL_SEND_PATH) {
      if (request.method !== 'POST') return plainError(405, 'method not allowed')
      return this.#send(request, delivery)
    }
    // The Email Activity API is a paid add-on
    // this account lacks (G8).
    if (path === '/v3/messages' || path.startsWith('/v3/messages/'))
      return sendgridError(400, [{ message: 'authorization required', field: null, help: null }])
    return plainError(404, 'not found')
  }

  async #send(request: Request, delivery: Delivery): Promise<Response> {
    if (this.#settings.honoursDeadline && pastDeadline(request, this.#now()))
      return plainError(408, 'The request arrived after the deadline its client forwarded; it was not processed.')
    const text = await bodyText(request)
    const refused = this.#refusals.again(() => slotOf(request, text))
    if (refused) return refused
    let body: unknown
    try {
      body = JSON.parse(text)
    } catch {
      return plainError(400, 'Bad Request')
    }
    if (delivery.internalError) {
      // Failed before queueing: nothing sent.
      await this.#processing.run()
      return plainError(500, 'internal server error')
    }
    const checked = checkMailSend(body)
    if (!checked.ok) return sendgridError(400, checked.errors)
    await this.#processing.run()
    // Sandbox mode: valid, not queued (G7).
    if (checked.mail.sandbox) return new Response(null, { status: 200, headers: { 'content-length': '0' } })
    const id = messageId(this.#next++)
    this.#accepted.push({ id, mail: checked.mail })
    // Queued is the effect: SendGrid takes it
    // from here, and nothing can recall it (G1).
    this.ledger.append({
      at: this.#now(),
      service: this.name,
      type: 'email',
      id,
      amount: 0,
      attempt: delivery.attempt,
      call: delivery.call,
      target: this.#target(checked.mail.customArgs.corrects),
    })
    return new Response(null, {
      status: 202,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'content-length': '0', 'x-message-id': id },
    })
  }

  /**
   * A correction names its e-mail by message
   * id or by the first one's client_reference.
   */
  #target(corrects: string | undefined): string | null {
    if (corrects === undefined || corrects === '') return null
    const hit =
      this.#accepted.find((a) => a.id === corrects) ??
      this.#accepted.find((a) => a.mail.customArgs.client_reference === corrects)
    return hit?.id ?? corrects
  }
}

/** The 400 a response fault answers. */
function invalidTo(): Response {
  return sendgridError(400, [
    {
      message: 'Does not contain a valid address.',
      field: 'personalizations.0.to.0.email',
      help: null,
    },
  ])
}

/** Method, path, payload (canonical JSON if it parses): no key. */
function slotOf(request: Request, text: string): string {
  let payload = text
  try {
    payload = canonicalJson(JSON.parse(text))
  } catch {}
  return `${request.method} ${new URL(request.url).pathname} ${payload}`
}
