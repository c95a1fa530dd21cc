// The reference's PayPal session: an OAuth token
// (client credentials, cached till near expiry)
// and the JSON requests that carry it. A token
// that can't be had means the send never left.
import type { Observed, ObservedRequest } from '../../../harness/contract/mapping.ts'
import { detail, observe } from '../tools/observation.ts'
import type { StopWaiting } from '../tools/stop-waiting.ts'

/** faultline's deadline header (tools/http.ts). */
const DEADLINE_HEADER = 'x-request-deadline'
/** Renew this long before PayPal's expiry. */
const MARGIN_MS = 5 * 60 * 1000
const CREDENTIALS = Buffer.from('faultline-client:faultline-secret').toString('base64')

/** No token: the effect's request was not sent. */
export class PaypalTokenUnavailable extends Error {
  override readonly name = 'PaypalTokenUnavailable'
}

export class PaypalSession {
  readonly base: string
  #token: { readonly value: string; readonly until: number } | null = null

  constructor(base: string) {
    this.base = base
  }

  /** A live token, or the observation that failed. */
  async token(signal?: AbortSignal): Promise<string | Observed> {
    if (this.#token && Date.now() < this.#token.until) return this.#token.value
    const url = `${this.base}/v1/oauth2/token`
    const got = await observe({ method: 'POST', url, purpose: 'probe' }, () =>
      fetch(url, {
        method: 'POST',
        headers: { authorization: `Basic ${CREDENTIALS}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=client_credentials',
        ...(signal ? { signal } : {}),
      }),
    )
    if ('error' in got || got.response.status !== 200) return got
    const b = got.response.body as { access_token?: unknown; expires_in?: unknown } | null
    if (typeof b?.access_token !== 'string') return got
    const ttl = typeof b.expires_in === 'number' ? b.expires_in * 1000 : 0
    this.#token = { value: b.access_token, until: Date.now() + Math.max(0, ttl - MARGIN_MS) }
    return b.access_token
  }

  /** POST JSON under a PayPal-Request-Id (or none). */
  async send(
    path: string,
    body: string,
    requestId: string | null,
    stop: StopWaiting,
    deadline: number,
    representation = true,
  ): Promise<Observed> {
    const url = `${this.base}${path}`
    const request: ObservedRequest = { method: 'POST', url, purpose: 'send' }
    const token = await this.token(stop.signal)
    if (typeof token !== 'string')
      return { client: 'fetch', request, error: new PaypalTokenUnavailable(`no token (${detail(token)})`) }
    return observe(request, () =>
      fetch(url, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          // The full resource: the capture id is in
          // it (the default is minimal, P10).
          ...(representation ? { prefer: 'return=representation' } : {}),
          ...(requestId !== null ? { 'paypal-request-id': requestId } : {}),
          [DEADLINE_HEADER]: String(deadline),
        },
        body,
        signal: stop.signal,
        ...(stop.dispatcher ? { dispatcher: stop.dispatcher } : {}),
      } as RequestInit),
    )
  }

  /**
   * GET for a look: the JSON body on 2xx, else
   * the observation (for the mapping).
   */
  async get(path: string, timeoutMs: number): Promise<{ readonly body: object } | { readonly failed: Observed }> {
    const url = `${this.base}${path}`
    const signal = AbortSignal.timeout(timeoutMs)
    const token = await this.token(signal)
    if (typeof token !== 'string') return { failed: token }
    const observed = await observe({ method: 'GET', url, purpose: 'probe' }, () =>
      fetch(url, { headers: { authorization: `Bearer ${token}` }, signal }),
    )
    if ('error' in observed || observed.response.status < 200 || observed.response.status > 299)
      return { failed: observed }
    const { body } = observed.response
    return typeof body === 'object' && body !== null ? { body } : { failed: observed }
  }
}
