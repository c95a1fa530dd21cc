// The clients compared, each making the same call
// (form-encoded `POST /v1/refunds`, Idempotency-Key)
// with its own idiomatic timeout, on a loopback
// socket and inside a faultline run.
import http from 'node:http'
import https from 'node:https'
import Stripe from 'stripe'
import * as undici6 from 'undici'
import * as undici7 from 'undici-7'

export const CLIENTS = [
  'fetch',
  'node:http',
  'node:http (timeout option)',
  'axios',
  'stripe-node',
  'stripe-fetch',
  'undici request',
  'undici fetch',
  'undici 7 request',
  'undici 7 fetch',
] as const
export type ClientName = (typeof CLIENTS)[number]

/** Every client gives up after this long (ms). */
export const CLIENT_TIMEOUT_MS = 200

const BODY = 'payment_intent=pi_1&amount=4990'
const HEADERS = { 'content-type': 'application/x-www-form-urlencoded', 'idempotency-key': 'fidelity-key' }

/** The status, or exactly what the client raised. */
export type ClientCall = (baseUrl: string) => Promise<number>

/** A client ready to call, or why not (missing package). */
export type LoadedClient = { readonly call: ClientCall } | { readonly skip: string }

type AxiosLike = {
  post(
    url: string,
    body: string,
    config: { headers: Record<string, string>; timeout: number },
  ): Promise<{ status: number }>
}

let axiosModule: Promise<AxiosLike | null> | null = null

/** axios is optional: imported by a computed name. */
function loadAxios(): Promise<AxiosLike | null> {
  const name = 'axios'
  axiosModule ??= import(name).then(
    (m: { default: AxiosLike }) => m.default,
    () => null,
  )
  return axiosModule
}

/** A fetch (global, or undici's) with a timeout signal. */
function fetchCall(fetchOf: () => typeof fetch): ClientCall {
  return async (base) => {
    const res = await fetchOf()(`${base}/v1/refunds`, {
      method: 'POST',
      headers: HEADERS,
      body: BODY,
      signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS),
    })
    await res.text()
    return res.status
  }
}

/**
 * node:http as documented: `req.setTimeout(ms, cb)`, or
 * the `timeout` option plus a 'timeout' listener; either
 * way it destroys the request.
 */
function nodeHttpCall(how: 'method' | 'option'): ClientCall {
  return (base) =>
    new Promise<number>((resolve, reject) => {
      const url = new URL('/v1/refunds', base)
      const request = url.protocol === 'https:' ? https.request : http.request
      const options = {
        method: 'POST',
        headers: { ...HEADERS, 'content-length': String(Buffer.byteLength(BODY)) },
        ...(how === 'option' ? { timeout: CLIENT_TIMEOUT_MS } : {}),
      }
      const req = request(url, options, (res) => {
        res.resume()
        res.on('end', () => resolve(res.statusCode ?? 0))
        res.on('error', reject)
      })
      if (how === 'method') req.setTimeout(CLIENT_TIMEOUT_MS, () => req.destroy())
      else req.on('timeout', () => req.destroy())
      req.on('error', reject)
      req.end(BODY)
    })
}

/** The undici package, 6.x or 7.x (aliased). */
type Undici = Pick<typeof undici6, 'request'>

/**
 * undici at its global dispatcher; request()
 * with its own timeouts, documented per call
 * (headersTimeout, bodyTimeout).
 */
function undiciRequestCall(undici: Undici): ClientCall {
  return async (base) => {
    const res = await undici.request(`${base}/v1/refunds`, {
      method: 'POST',
      headers: HEADERS,
      body: BODY,
      headersTimeout: CLIENT_TIMEOUT_MS,
      bodyTimeout: CLIENT_TIMEOUT_MS,
    })
    await res.body.text()
    return res.statusCode
  }
}

function stripeCall(kind: 'node' | 'fetch'): ClientCall {
  return async (base) => {
    const url = new URL(base)
    const https = url.protocol === 'https:'
    const stripe = new Stripe('sk_test_fidelity', {
      host: url.hostname,
      port: Number(url.port || (https ? 443 : 80)),
      protocol: https ? 'https' : 'http',
      maxNetworkRetries: 0,
      timeout: CLIENT_TIMEOUT_MS,
      telemetry: false,
      // Look fetch up per call, so a run's interception
      // and shims are seen.
      ...(kind === 'fetch'
        ? { httpClient: Stripe.createFetchHttpClient((...a: Parameters<typeof fetch>) => globalThis.fetch(...a)) }
        : {}),
    })
    const refund = await stripe.refunds.create(
      { payment_intent: 'pi_1', amount: 4990 },
      { idempotencyKey: 'fidelity-key' },
    )
    return refund.lastResponse.statusCode
  }
}

export async function loadClient(name: ClientName): Promise<LoadedClient> {
  switch (name) {
    case 'fetch':
      // Looked up per call: a run's shim.
      return { call: fetchCall(() => globalThis.fetch) }
    case 'node:http':
      return { call: nodeHttpCall('method') }
    case 'node:http (timeout option)':
      return { call: nodeHttpCall('option') }
    case 'stripe-node':
      return { call: stripeCall('node') }
    case 'stripe-fetch':
      return { call: stripeCall('fetch') }
    case 'undici request':
      return { call: undiciRequestCall(undici6) }
    case 'undici fetch':
      return { call: fetchCall(() => undici6.fetch as unknown as typeof fetch) }
    case 'undici 7 request':
      return { call: undiciRequestCall(undici7 as unknown as Undici) }
    case 'undici 7 fetch':
      return { call: fetchCall(() => undici7.fetch as unknown as typeof fetch) }
    case 'axios': {
      const axios = await loadAxios()
      if (!axios) return { skip: 'axios is not installed (npm install --no-save axios, or add it as a devDependency)' }
      return {
        call: async (base) =>
          (await axios.post(`${base}/v1/refunds`, BODY, { headers: HEADERS, timeout: CLIENT_TIMEOUT_MS })).status,
      }
    }
  }
}
