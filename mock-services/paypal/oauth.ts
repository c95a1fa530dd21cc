// PayPal's OAuth 2 client-credentials token
// (POST /v1/oauth2/token, Basic auth): what every
// /v2 call needs as `Authorization: Bearer …`.
// A read for the harness: no effect (P2).
import { jsonResponse } from '../json-response.ts'

/** PayPal's tokens last 9 hours (expires_in). */
export const TOKEN_TTL_S = 32_400

export class Tokens {
  readonly #issued = new Map<string, number>()
  readonly #now: () => number
  #next = 1

  constructor(now: () => number) {
    this.#now = now
  }

  /** Answer a token request. */
  issue(request: Request, form: URLSearchParams): Response {
    const basic = /^Basic\s+(.+)$/i.exec(request.headers.get('authorization') ?? '')
    const pair = basic ? Buffer.from(basic[1]!, 'base64').toString('utf8') : ''
    const colon = pair.indexOf(':')
    if (colon <= 0 || colon === pair.length - 1)
      return jsonResponse(
        { error: 'invalid_client', error_description: 'Client Authentication failed' },
        { status: 401 },
      )
    if (form.get('grant_type') !== 'client_credentials')
      return jsonResponse({ error: 'unsupported_grant_type', error_description: 'Grant Type is NULL' }, { status: 400 })
    const token = `A21AAFL${String(this.#next++).padStart(12, '0')}`
    this.#issued.set(token, this.#now() + TOKEN_TTL_S * 1000)
    return jsonResponse({
      scope: 'https://uri.paypal.com/services/payments/payment https://uri.paypal.com/services/reporting/search/read',
      access_token: token,
      token_type: 'Bearer',
      app_id: 'APP-80W284485P519543T',
      expires_in: TOKEN_TTL_S,
      nonce: `${new Date(this.#now()).toISOString()}faultline`,
    })
  }

  /** Is it a live token this service issued? */
  valid(request: Request): boolean {
    const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '')
    const until = bearer ? this.#issued.get(bearer[1]!) : undefined
    return until !== undefined && this.#now() < until
  }
}
