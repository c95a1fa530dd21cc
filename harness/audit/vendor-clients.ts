// The vendors' official SDKs as matrix clients:
// each built with credentials only (its default
// host, which a run routes to the service playing
// that vendor), its own retries off and its
// idiomatic timeout, making the cell's request —
// a refund of AUDIT_PAYMENT_INTENT (square,
// paypal) or an e-mail (ses, sendgrid) — and
// reporting what it threw or returned, as is.
//
// Longer than most because it is the four SDKs
// side by side, each a few lines.
import type { Observed, ObservedRequest } from '../contract/mapping.ts'
import { CLIENT_TIMEOUT_MS, type ClientSetup } from './cases.ts'
import { AUDIT_PAYMENT_INTENT as AUDIT_PAYMENT, asCaller, CHANGED_MINOR, REFUND_MINOR } from './cell-request.ts'

const CURRENCY = 'EUR'
/** The refund's amount, or the changed request's. */
const minor = (changed?: boolean) => (changed ? CHANGED_MINOR : REFUND_MINOR)

/** The e-mail every e-mail cell sends. */
const FROM = 'support@shop.test'
const TO = 'customer@mail.test'
const SUBJECT = 'Your refund'
const TEXT = 'We have refunded your order.'

export interface VendorDriver {
  send(key: string, changed?: boolean): Promise<Observed>
  probe(key: string): Promise<Observed>
}

type Call<T> = (caller: AbortSignal | undefined) => Promise<T>

const sent = (url: string): ObservedRequest => ({ method: 'POST', url, purpose: 'send' })
const looked = (url: string): ObservedRequest => ({ method: 'GET', url, purpose: 'probe' })

/**
 * A call's result as the contract's Observed:
 * `respond` turns a return into a response;
 * a throw is the error, as thrown.
 */
function observer<T>(
  client: Observed['client'],
  setup: ClientSetup,
  respond: (r: T) => { status: number; headers: Record<string, string>; body: unknown },
) {
  return (request: ObservedRequest, call: Call<T>): Promise<Observed> =>
    asCaller(setup, async (caller): Promise<Observed> => {
      try {
        return { client, request, response: respond(await call(caller)) }
      } catch (error) {
        return { client, request, error }
      }
    })
}

function lowerCase(headers: Iterable<[string, string]> | Record<string, unknown> | undefined | null) {
  const entries =
    headers && typeof (headers as Iterable<unknown>)[Symbol.iterator] === 'function'
      ? [...(headers as Iterable<[string, string]>)]
      : Object.entries((headers as Record<string, unknown> | null) ?? {})
  return Object.fromEntries(entries.map(([k, v]) => [k.toLowerCase(), String(v)]))
}

// --- square 46.0.0: global fetch, timeoutInSeconds, maxRetries 0 -----------------------

/** Square's default host (environments.js SquareEnvironment.Production). */
const SQUARE = 'https://connect.squareup.com'
/** Square caps idempotency_key at 45 characters. */
const SQUARE_KEY_MAX = 45

interface SquareRaw {
  readonly data: unknown
  readonly rawResponse: { readonly status: number; readonly headers: Headers }
}
interface SquareLike {
  refunds: {
    refundPayment(request: object, options: object): { withRawResponse(): Promise<SquareRaw> }
    list(request: object, options: object): Promise<unknown>
  }
}
export type SquareModule = { SquareClient: new (options: object) => SquareLike }

export function squareDriver({ SquareClient }: SquareModule, setup: ClientSetup): VendorDriver {
  const square = new SquareClient({
    token: 'EAAAfaultline_audit',
    // Its own retries off: it retries 408,
    // 429 and 5xx (core/fetcher/requestWithRetries.js).
    maxRetries: 0,
    // No timeout of its own: its default, 60 s.
    ...(setup.kind === 'no-timeout' ? {} : { timeoutInSeconds: CLIENT_TIMEOUT_MS / 1000 }),
  })
  const observe = observer<SquareRaw>('square', setup, (r) => ({
    status: r.rawResponse.status,
    headers: lowerCase(r.rawResponse.headers),
    body: r.data,
  }))
  const options = (caller?: AbortSignal) => (caller ? { abortSignal: caller } : {})
  return {
    send: (key, changed) =>
      observe(sent(`${SQUARE}/v2/refunds`), (caller) =>
        square.refunds
          .refundPayment(
            {
              idempotencyKey: key.slice(0, SQUARE_KEY_MAX),
              paymentId: AUDIT_PAYMENT,
              amountMoney: { amount: BigInt(minor(changed)), currency: CURRENCY },
            },
            options(caller),
          )
          .withRawResponse(),
      ),
    probe: () =>
      observe(looked(`${SQUARE}/v2/refunds`), async (caller) => {
        // A page of refunds: the list's first page.
        const page = (await square.refunds.list({}, options(caller))) as { rawResponse?: SquareRaw['rawResponse'] }
        return { data: page, rawResponse: page.rawResponse ?? { status: 200, headers: new Headers() } }
      }),
  }
}

// --- @paypal/paypal-server-sdk 2.5.0: axios (apimatic), timeout, retries 0 ---------------

/** The SDK's default environment: Sandbox (defaultConfiguration.js). */
const PAYPAL = 'https://api-m.sandbox.paypal.com'

interface PaypalResponse {
  readonly statusCode: number
  readonly headers: Record<string, string>
  readonly result: unknown
}
export interface PaypalPayments {
  refundCapturedPayment(request: object, options: object): Promise<PaypalResponse>
  getCapturedPayment(request: object, options: object): Promise<PaypalResponse>
}
export type PaypalModule = {
  Client: new (config: object) => object
  PaymentsController: new (client: object) => PaypalPayments
}

/**
 * One PayPal client per run, warmed: its
 * OAuth token fetched at boot, so a cell's
 * faults meet the refund, not the token.
 */
export async function paypalClient({ Client, PaymentsController }: PaypalModule): Promise<PaypalPayments> {
  const client = new Client({
    clientCredentialsAuthCredentials: { oAuthClientId: 'faultline-audit', oAuthClientSecret: 'faultline-secret' },
    // Its default is 0: no timeout at all.
    timeout: CLIENT_TIMEOUT_MS,
    // Retries: its default is already none
    // (maxNumberOfRetries 0; POST never).
  })
  const payments = new PaymentsController(client)
  // A long-lived client has its token.
  await payments.getCapturedPayment({ captureId: AUDIT_PAYMENT }, {}).catch(() => undefined)
  return payments
}

export function paypalDriver(payments: PaypalPayments, setup: ClientSetup): VendorDriver {
  const observe = observer<PaypalResponse>('paypal', setup, (r) => ({
    status: r.statusCode,
    headers: lowerCase(r.headers),
    body: r.result,
  }))
  const options = (caller?: AbortSignal) => (caller ? { abortSignal: caller } : {})
  const capture = `${PAYPAL}/v2/payments/captures/${AUDIT_PAYMENT}`
  return {
    send: (key, changed) =>
      observe(sent(`${capture}/refund`), (caller) =>
        payments.refundCapturedPayment(
          {
            captureId: AUDIT_PAYMENT,
            paypalRequestId: key,
            body: { amount: { currencyCode: CURRENCY, value: (minor(changed) / 100).toFixed(2) } },
          },
          options(caller),
        ),
      ),
    probe: () =>
      observe(looked(capture), (caller) => payments.getCapturedPayment({ captureId: AUDIT_PAYMENT }, options(caller))),
  }
}

// --- @aws-sdk/client-sesv2 3.1169.0: node:http (smithy), maxAttempts 1 ------------------

/** The default host for us-east-1 (docs/vendors.md A10). */
const SES = 'https://email.us-east-1.amazonaws.com'

interface SesOutput {
  readonly $metadata: { readonly httpStatusCode?: number }
}
interface SesLike {
  send(command: object, options: object): Promise<SesOutput>
}
export type SesModule = {
  SESv2Client: new (config: object) => SesLike
  SendEmailCommand: new (input: object) => object
  GetMessageInsightsCommand: new (input: object) => object
}

export function sesDriver(
  { SESv2Client, SendEmailCommand, GetMessageInsightsCommand }: SesModule,
  setup: ClientSetup,
): VendorDriver {
  // Its "Node 22 from 2027" notice would
  // only crowd the audit's output.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true'
  const ses = new SESv2Client({
    region: 'us-east-1',
    credentials: { accessKeyId: 'AKIDFAULTLINEAUDIT', secretAccessKey: 'faultline-secret' },
    // Its own retries off (default 3 attempts).
    maxAttempts: 1,
    // requestTimeout alone only warns since
    // @smithy/node-http-handler 4.4.0, and ends
    // at the headers; socketTimeout covers a
    // stalled body (else SES's 300 s default).
    requestHandler: {
      requestTimeout: CLIENT_TIMEOUT_MS,
      throwOnRequestTimeout: true,
      socketTimeout: CLIENT_TIMEOUT_MS,
    },
  })
  const observe = observer<SesOutput>('ses', setup, (r) => ({
    status: r.$metadata.httpStatusCode ?? 200,
    // The SDK hands back no headers.
    headers: {},
    body: r,
  }))
  const options = (caller?: AbortSignal) => (caller ? { abortSignal: caller } : {})
  return {
    send: () =>
      observe(sent(`${SES}/v2/email/outbound-emails`), (caller) =>
        ses.send(
          new SendEmailCommand({
            FromEmailAddress: `Support <${FROM}>`,
            Destination: { ToAddresses: [TO] },
            Content: { Simple: { Subject: { Data: SUBJECT }, Body: { Text: { Data: TEXT } } } },
          }),
          options(caller),
        ),
      ),
    probe: () =>
      observe(looked(`${SES}/v2/email/insights/faultline-audit`), (caller) =>
        ses.send(new GetMessageInsightsCommand({ MessageId: 'faultline-audit' }), options(caller)),
      ),
  }
}

// --- @sendgrid/mail 8.1.6: axios, setTimeout, no retries --------------------------------

/** @sendgrid/client's default host. */
const SENDGRID = 'https://api.sendgrid.com'

interface SendgridResponse {
  readonly statusCode: number
  readonly headers: unknown
}
interface SendgridMail {
  setApiKey(key: string): void
  setTimeout(ms: number): void
  send(data: object): Promise<[SendgridResponse, unknown]>
}
export type SendgridModule = { default: { MailService: new () => SendgridMail } }

export function sendgridDriver({ default: sgMail }: SendgridModule, _setup: ClientSetup): VendorDriver {
  // A fresh service: the module's export is a singleton.
  const mail = new sgMail.MailService()
  mail.setApiKey('SG.faultline.audit')
  // Its default: axios's, none. It never retries.
  mail.setTimeout(CLIENT_TIMEOUT_MS)
  const observe = observer<[SendgridResponse, unknown]>('sendgrid', { kind: 'own-timeout' }, ([r, body]) => ({
    status: r.statusCode,
    headers: lowerCase(r.headers as Record<string, unknown>),
    body: body === '' ? null : body,
  }))
  return {
    send: () =>
      observe(sent(`${SENDGRID}/v3/mail/send`), () => mail.send({ from: FROM, to: TO, subject: SUBJECT, text: TEXT })),
    probe: () => {
      throw new Error('@sendgrid/mail cannot look a send up (cases.ts SENDGRID_CANNOT_LOOK)')
    },
  }
}
