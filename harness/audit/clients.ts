// The clients the matrix drives, each making the request of one cell —
// a refund (`POST /v1/refunds` with an Idempotency-Key) against the payments
// service, or for resend an e-mail (`POST /emails`) against the e-mail
// service, or a look (a GET) — with its own idiomatic timeout and its own
// retries off, and reporting what it produced as the contract's `Observed`:
// the error it threw (the resend SDK's returned `error`), or the response.
// Nothing is made up: what a mapping reads is what the client raised inside
// the simulation (the same errors test/fidelity checks against real sockets).
// The vendors' official SDKs (square, paypal, ses, sendgrid) are in
// vendor-clients.ts: each meets the service playing its vendor.
//
// axios, stripe, resend and the SDKs are optional (faultline's optional
// peers, installed only in its own checkout): imported by name before the
// runs; `clientAvailable` says whether this installation has them.
//
// Longer than most because it is the five HTTP clients side by side, each
// a few lines, which is how they are best compared.
import { createRequire } from 'node:module'
import http from 'node:http'
import https from 'node:https'
import type { ClientName, Observed, ObservedRequest } from '../contract/mapping.ts'
import { installCommand } from '../contract/peer-range.ts'
import type { Vendors } from '../contract/vendors.ts'
import { AUDIT_PAYMENT_INTENT, asCaller, CHANGED_MINOR, REFUND_MINOR } from './cell-request.ts'

export { AUDIT_PAYMENT_INTENT, asCaller, CHANGED_MINOR, REFUND_MINOR } from './cell-request.ts'
import { CLIENT_TIMEOUT_MS, type ClientSetup, SENDGRID_TAKES_NO_SIGNAL, STRIPE_TAKES_NO_SIGNAL } from './cases.ts'
import {
  type PaypalModule,
  type PaypalPayments,
  paypalClient,
  paypalDriver,
  type SendgridModule,
  type SesModule,
  type SquareModule,
  sendgridDriver,
  sesDriver,
  squareDriver,
} from './vendor-clients.ts'

/** What a cell's client needs: the services' base URLs. */
export interface Services {
  readonly payments: string
  readonly email: string
}

export interface Driver {
  /**
   * The side-effecting request, under `key`;
   * `changed`: another one (a different
   * amount or subject) under the same key.
   */
  send(key: string, changed?: boolean): Promise<Observed>
  /** A look for its effect (a GET). */
  probe(key: string): Promise<Observed>
}

const refund = (changed?: boolean) => ({
  payment_intent: AUDIT_PAYMENT_INTENT,
  amount: changed ? CHANGED_MINOR : REFUND_MINOR,
})
const refundForm = (changed?: boolean) =>
  new URLSearchParams({ payment_intent: AUDIT_PAYMENT_INTENT, amount: String(refund(changed).amount) }).toString()
const email = (changed?: boolean) => ({
  from: 'Support <support@shop.test>',
  to: ['customer@mail.test'],
  subject: changed ? 'Your refund, corrected' : 'Your refund',
  text: 'We have refunded your order.',
})

/** The npm package each optional client needs. */
const PACKAGE: Partial<Record<ClientName, string>> = {
  axios: 'axios',
  stripe: 'stripe',
  resend: 'resend',
  square: 'square',
  paypal: '@paypal/paypal-server-sdk',
  ses: '@aws-sdk/client-sesv2',
  sendgrid: '@sendgrid/mail',
}

/**
 * The vendor each SDK speaks: its cells'
 * services play it (the scenario's vendors).
 */
export const CLIENT_VENDOR: Partial<Record<ClientName, Partial<Vendors>>> = {
  square: { payments: 'square' },
  paypal: { payments: 'paypal' },
  ses: { email: 'ses' },
  sendgrid: { email: 'sendgrid' },
}

/** The clients whose cells send an e-mail. */
export const EMAIL_CLIENTS: readonly ClientName[] = ['resend', 'ses', 'sendgrid']

/** What a run's boot prepared: a warmed PayPal client. */
export interface Booted {
  readonly paypal?: PaypalPayments
}

/**
 * At boot, for a run whose payments play
 * PayPal: its client, token fetched.
 */
export async function bootClients(vendors: Vendors, modules: ClientModules): Promise<Booted> {
  const paypal = modules.get('paypal')
  if (vendors.payments !== 'paypal' || !paypal) return {}
  return { paypal: await paypalClient(paypal as PaypalModule) }
}

/** Whether this installation can drive `client` (its optional package is there); why not, otherwise. */
export function clientAvailable(
  client: ClientName,
): { readonly ok: true } | { readonly ok: false; readonly why: string } {
  const name = PACKAGE[client]
  if (!name) return { ok: true }
  try {
    createRequire(import.meta.url).resolve(name)
    return { ok: true }
  } catch {
    return { ok: false, why: `the ${name} package is not installed (${installCommand(name)})` }
  }
}

/** The optional packages' modules, imported before any run (an import inside a run is real work the virtual clock cannot see). */
export type ClientModules = ReadonlyMap<ClientName, unknown>

export async function loadClients(clients: readonly ClientName[]): Promise<ClientModules> {
  const loaded = new Map<ClientName, unknown>()
  for (const client of clients) {
    const name = PACKAGE[client]
    if (name) loaded.set(client, await import(name))
  }
  return loaded
}

/** undici's Agent, for a fetch given a team's settings. */
type AgentCtor = new (options: object) => object
let undiciAgent: AgentCtor | null | undefined

/** undici's Agent if installed (an optional peer), else null. */
export async function loadUndiciAgent(): Promise<AgentCtor | null> {
  if (undiciAgent === undefined)
    undiciAgent = await import('undici').then(
      (m) => (m as { Agent: AgentCtor }).Agent,
      () => null,
    )
  return undiciAgent
}

export function driver(
  client: ClientName,
  services: Services,
  modules: ClientModules,
  setup: ClientSetup = { kind: 'own-timeout' },
  booted: Booted = {},
): Driver {
  const mod = <T>() => {
    const m = modules.get(client)
    if (!m) throw new Error(`the ${client} client was not loaded`)
    return m as T
  }
  switch (client) {
    case 'fetch':
      return fetchDriver(services, setup)
    case 'http':
      return httpDriver(services, setup)
    case 'axios':
      return axiosDriver(services, mod<{ default: AxiosLike }>(), setup)
    case 'stripe':
      if (setup.kind === 'no-timeout') throw new Error(`stripe-node always has a timeout (80 s by default)`)
      if (setup.kind === 'caller-cancel') throw new Error(STRIPE_TAKES_NO_SIGNAL)
      return stripeDriver(services, mod<{ default: StripeCtor }>())
    case 'resend':
      return resendDriver(services, mod<{ Resend: ResendCtor }>(), setup)
    // The vendors' SDKs, at their default hosts.
    case 'square':
      return squareDriver(mod<SquareModule>(), setup)
    case 'paypal':
      if (!booted.paypal) throw new Error('the PayPal client was not warmed at boot (a run whose payments play PayPal)')
      return paypalDriver(booted.paypal, setup)
    case 'ses':
      return sesDriver(mod<SesModule>(), setup)
    case 'sendgrid':
      if (setup.kind === 'caller-cancel') throw new Error(SENDGRID_TAKES_NO_SIGNAL)
      return sendgridDriver(mod<SendgridModule>(), setup)
  }
}

const refundsUrl = (s: Services) => `${s.payments}/v1/refunds`
const listUrl = (s: Services) => `${s.payments}/v1/refunds?payment_intent=${AUDIT_PAYMENT_INTENT}`
const sent = (url: string): ObservedRequest => ({ method: 'POST', url, purpose: 'send' })
const looked = (url: string): ObservedRequest => ({ method: 'GET', url, purpose: 'probe' })

/**
 * What gives a request up: a timeout of its
 * own unless no-timeout, and the caller's
 * signal, joined as teams join them
 * (AbortSignal.any: the first one's reason).
 */
function giveUp(setup: ClientSetup, caller?: AbortSignal): { signal?: AbortSignal } {
  const own = setup.kind === 'no-timeout' ? undefined : AbortSignal.timeout(CLIENT_TIMEOUT_MS)
  if (own && caller) return { signal: AbortSignal.any([caller, own]) }
  const signal = own ?? caller
  return signal ? { signal } : {}
}

// --- fetch: global fetch with AbortSignal.timeout ---------------------------------------

function fetchDriver(s: Services, setup: ClientSetup): Driver {
  // A team's Agent settings, as they pass them.
  const agent = setup.kind === 'no-timeout' ? setup.agent : undefined
  const dispatcher = (agent && undiciAgent ? { dispatcher: new undiciAgent(agent) } : {}) as RequestInit
  if (agent && !undiciAgent) throw new Error('undici is not installed (npm install undici)')
  const observe = (request: ObservedRequest, init: RequestInit) =>
    asCaller(setup, async (caller): Promise<Observed> => {
      try {
        const response = await fetch(request.url, { ...init, ...giveUp(setup, caller), ...dispatcher })
        return {
          client: 'fetch',
          request,
          response: {
            status: response.status,
            headers: Object.fromEntries(response.headers),
            body: parse(await response.text()),
          },
        }
      } catch (error) {
        return { client: 'fetch', request, error }
      }
    })
  return {
    send: (key, changed) =>
      observe(sent(refundsUrl(s)), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'idempotency-key': key },
        body: refundForm(changed),
      }),
    probe: () => observe(looked(listUrl(s)), { method: 'GET' }),
  }
}

// --- node:http: https.request with req.setTimeout(ms, () => req.destroy()) ---------------

function httpDriver(s: Services, setup: ClientSetup): Driver {
  const observe = (request: ObservedRequest, headers: Record<string, string>, body: string | null) =>
    asCaller(
      setup,
      (caller) =>
        new Promise<Observed>((resolve) => {
          const url = new URL(request.url)
          const req = (url.protocol === 'https:' ? https : http).request(
            url,
            // A caller's signal: Node destroys the
            // request with an AbortError (ABORT_ERR).
            { method: request.method, headers, ...(caller ? { signal: caller } : {}) },
            (res) => {
              const chunks: Buffer[] = []
              res.on('data', (c: Buffer) => chunks.push(c))
              res.on('end', () => {
                const headers = Object.fromEntries(
                  Object.entries(res.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : String(v)]),
                )
                resolve({
                  client: 'http',
                  request,
                  response: {
                    status: res.statusCode ?? 0,
                    headers,
                    body: parse(Buffer.concat(chunks).toString('utf8')),
                  },
                })
              })
              res.on('error', (error) => resolve({ client: 'http', request, error }))
            },
          )
          if (setup.kind !== 'no-timeout') req.setTimeout(CLIENT_TIMEOUT_MS, () => req.destroy())
          req.on('error', (error) => resolve({ client: 'http', request, error }))
          req.end(body ?? undefined)
        }),
    )
  return {
    send: (key, changed) =>
      observe(
        sent(refundsUrl(s)),
        {
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': String(Buffer.byteLength(refundForm(changed))),
          'idempotency-key': key,
        },
        refundForm(changed),
      ),
    probe: () => observe(looked(listUrl(s)), {}, null),
  }
}

// --- axios: its defaults (a non-2xx status is thrown as an AxiosError with its response) --

interface AxiosResponseLike {
  readonly status: number
  readonly headers: unknown
  readonly data: unknown
}
interface AxiosLike {
  post(url: string, body: string, config: object): Promise<AxiosResponseLike>
  get(url: string, config: object): Promise<AxiosResponseLike>
}

function axiosDriver(s: Services, { default: axios }: { default: AxiosLike }, setup: ClientSetup): Driver {
  // axios's default is 0: no timeout.
  const timeout = setup.kind === 'no-timeout' ? 0 : CLIENT_TIMEOUT_MS
  const observe = (request: ObservedRequest, call: (caller?: AbortSignal) => Promise<AxiosResponseLike>) =>
    asCaller(setup, async (caller): Promise<Observed> => {
      try {
        const r = await call(caller)
        return {
          client: 'axios',
          request,
          response: { status: r.status, headers: plainHeaders(r.headers), body: r.data },
        }
      } catch (error) {
        return { client: 'axios', request, error }
      }
    })
  // A caller's signal: axios rejects with a
  // CanceledError (ERR_CANCELED), whatever its
  // reason (lib/adapters/http.js `abort`).
  const cancel = (caller?: AbortSignal) => (caller ? { signal: caller } : {})
  return {
    send: (key, changed) =>
      observe(sent(refundsUrl(s)), (caller) =>
        axios.post(refundsUrl(s), refundForm(changed), {
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'idempotency-key': key },
          timeout,
          ...cancel(caller),
        }),
      ),
    probe: () => observe(looked(listUrl(s)), (caller) => axios.get(listUrl(s), { timeout, ...cancel(caller) })),
  }
}

// --- stripe-node: its default Node HTTP client, maxNetworkRetries 0 ----------------------

type StripeResource = { lastResponse?: { statusCode: number; headers: Record<string, string> } }
interface StripeLike {
  refunds: {
    create(params: object, options: object): Promise<StripeResource>
    list(params: object): Promise<StripeResource>
  }
}
type StripeCtor = new (key: string, config: object) => StripeLike

function stripeDriver(s: Services, { default: Stripe }: { default: StripeCtor }): Driver {
  const url = new URL(s.payments)
  const stripe = new Stripe('sk_test_faultline_audit', {
    host: url.hostname,
    port: Number(url.port || (url.protocol === 'https:' ? 443 : 80)),
    protocol: url.protocol.replace(':', ''),
    // Its own retries off (it still retries a closed connection once, as on a real socket).
    maxNetworkRetries: 0,
    timeout: CLIENT_TIMEOUT_MS,
    telemetry: false,
  })
  const observe = async (request: ObservedRequest, call: () => Promise<StripeResource>): Promise<Observed> => {
    try {
      const r = await call()
      return {
        client: 'stripe',
        request,
        response: {
          status: r.lastResponse?.statusCode ?? 200,
          headers: { ...r.lastResponse?.headers },
          body: JSON.parse(JSON.stringify(r)) as unknown,
        },
      }
    } catch (error) {
      return { client: 'stripe', request, error }
    }
  }
  return {
    send: (key, changed) =>
      observe(sent(refundsUrl(s)), () => stripe.refunds.create(refund(changed), { idempotencyKey: key })),
    probe: () => observe(looked(listUrl(s)), () => stripe.refunds.list({ payment_intent: AUDIT_PAYMENT_INTENT })),
  }
}

// --- resend: the SDK returns { data, error, headers }; it never throws ------------------

type ResendResult = { data: unknown; error: unknown; headers?: Record<string, string> | null }
interface ResendLike {
  emails: {
    send(payload: object, options: object): Promise<ResendResult>
    get(id: string, options: object): Promise<ResendResult>
  }
}
type ResendCtor = new (key: string, options: object) => ResendLike

function resendDriver(s: Services, { Resend }: { Resend: ResendCtor }, setup: ClientSetup): Driver {
  const resend = new Resend('re_faultline_audit', { baseUrl: s.email })
  // A caller's abort is swallowed like any fetch
  // error: `{ statusCode: null }` (dist/index.mjs
  // fetchRequest's outer catch).
  const observe = (request: ObservedRequest, call: (signal: { signal?: AbortSignal }) => Promise<ResendResult>) =>
    asCaller(setup, async (caller): Promise<Observed> => {
      const r = await call(giveUp(setup, caller))
      if (r.error) return { client: 'resend', request, error: r.error }
      // The SDK does not say which 2xx it was.
      return { client: 'resend', request, response: { status: 200, headers: { ...r.headers }, body: r.data } }
    })
  return {
    send: (key, changed) =>
      observe(sent(`${s.email}/emails`), (signal) =>
        resend.emails.send(email(changed), { idempotencyKey: key, ...signal }),
      ),
    probe: () =>
      observe(looked(`${s.email}/emails/em_faultline_audit`), (signal) =>
        resend.emails.get('em_faultline_audit', signal),
      ),
  }
}

/** The parsed JSON body, the text if it is not JSON, or null. */
function parse(text: string): unknown {
  if (!text) return null
  try {
    return JSON.parse(text) as unknown
  } catch {
    return text
  }
}

function plainHeaders(headers: unknown): Record<string, string> {
  const h = headers as { toJSON?: () => unknown } | null
  const plain = (typeof h?.toJSON === 'function' ? h.toJSON() : h) as Record<string, unknown> | null
  return Object.fromEntries(Object.entries(plain ?? {}).map(([k, v]) => [k.toLowerCase(), String(v)]))
}
