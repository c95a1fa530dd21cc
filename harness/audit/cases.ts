// The matrix rows: each request fault kind, with the
// parameters that change what a client sees.
// Longer than most because it is a table.
import { CLIENT_NAMES, type ClientName } from '../contract/mapping.ts'
import type { RequestFault } from '../faults/catalogue.ts'

/** What a row looks like to a client, in the sources' words. */
export type ObservationKind =
  | 'refused'
  | 'name-not-resolved'
  | 'success'
  | 'client-timeout'
  | 'reset'
  | 'status-500'
  | 'status-503'
  | 'status-504'
  | 'status-429'
  | 'status-400'
  | 'status-409'
  | 'probe-timeout'
  | 'caller-cancel'
  | 'headers-timeout'
  | 'body-timeout'
  | 'body-cut'
  | 'status-502'
  | 'key-reused'

export type NoEffectClass = 'not-sent' | 'rejected'

/** A fault as a row strikes it: its step is the cell's. */
type RowFault = RequestFault extends infer F ? (F extends RequestFault ? Omit<F, 'step'> : never) : never

/**
 * How a cell's client gives up. Default: a
 * timeout of its own (CLIENT_TIMEOUT_MS).
 */
export type ClientSetup =
  | { readonly kind: 'own-timeout' }
  /**
   * No timeout of its own: its HTTP stack's
   * decide (undici's headersTimeout and
   * bodyTimeout: the Agent's, else defaults).
   */
  | {
      readonly kind: 'no-timeout'
      readonly agent?: { readonly headersTimeout?: number; readonly bodyTimeout?: number }
    }
  /**
   * Its caller aborts it (an AbortController)
   * `afterMs` after it starts; its own
   * timeout stays set.
   */
  | { readonly kind: 'caller-cancel'; readonly afterMs: number }

export interface AuditCase {
  /** The fault kind and its variant: `gateway-timeout.finishes`. */
  readonly id: string
  /** The fault kind (`key-in-use`: a 409 no fault made). */
  readonly kind: string
  readonly label: string
  readonly observation: ObservationKind
  /**
   * What the client does under one idempotency key; the
   * last request is the one observed, the rest set-up.
   */
  readonly requests: readonly ('send' | 'probe')[]
  /**
   * The observed send asks for something
   * else (another amount, another subject)
   * under the first send's key.
   */
  readonly changed?: boolean
  /**
   * Faults by n-th send / probe. Each strikes the
   * observed request and the two after it, so a client's
   * own retry meets it too (stripe-node retries a closed
   * connection once even with retries off).
   */
  readonly faults: readonly RowFault[]
  /** How its client gives up (default own-timeout). */
  readonly client?: ClientSetup
  /**
   * The columns it applies to (default all);
   * a client that cannot be set up so is
   * left out, and `notFor` says why.
   */
  readonly clients?: readonly ClientName[]
  readonly notFor?: string
  /** The cell's turn, virtual ms (default 120 s). */
  readonly turnBudgetMs?: number
  /** Virtual ms the service takes to commit (default 20). */
  readonly processingMs?: number
  /**
   * Where no effect is possible, the right classes: a
   * resend may work (not-sent) or will not (rejected).
   */
  readonly noEffect: readonly NoEffectClass[]
}

/** Every client gives up after this long (virtual ms). */
export const CLIENT_TIMEOUT_MS = 10_000

/** A caller cancels its request this long in (virtual ms). */
export const CALLER_CANCEL_MS = 1_000

/** The clients that take a caller's signal. */
const CANCELLABLE: readonly ClientName[] = ['fetch', 'http', 'axios', 'resend', 'square', 'paypal', 'ses']

/**
 * Every client but these; for a row some
 * clients cannot show.
 */
function allBut(...out: ClientName[]): ClientName[] {
  return CLIENT_NAMES.filter((c) => !out.includes(c))
}

/**
 * stripe-node 23.1.0 takes no signal: its
 * request options (esm/utils.js OPTIONS_KEYS)
 * have none; esm/net/NodeHttpClient.js
 * makeRequest has no way in.
 */
export const STRIPE_TAKES_NO_SIGNAL =
  'stripe-node 23.1.0 takes no signal from its caller: its request options (esm/utils.js OPTIONS_KEYS) have none, and its default Node client (esm/net/NodeHttpClient.js makeRequest) cannot abort a request; a caller can only stop waiting'

/**
 * @sendgrid/mail 8.1.6 neither: send(data,
 * isMultiple, cb) and @sendgrid/client's
 * request(data, cb) pass no signal to axios.
 */
export const SENDGRID_TAKES_NO_SIGNAL =
  "@sendgrid/mail 8.1.6 takes no signal either: send(data, isMultiple, cb) hands @sendgrid/client's request(data, cb) (src/classes/client.js) no way to abort the axios call"

/** The e-mail vendors without keys (docs/vendors.md A1, G2). */
const NO_KEYS =
  'SES v2 (SendEmail has no token) and SendGrid (POST /v3/mail/send has no key) keep no idempotency keys, so nothing answers "key in use" (docs/vendors.md A1, G2)'

/** Why the probe rows have no SendGrid cell. */
const SENDGRID_CANNOT_LOOK =
  '@sendgrid/mail only sends: nothing reads a send back but the Email Activity API, a paid add-on the account lacks (docs/vendors.md G8)'

/**
 * Square's timeout covers the headers only:
 * core/fetcher/makeRequest.js clears its
 * timer once fetch resolves.
 */
const SQUARE_STALL =
  "square 46.0.0's timeoutInSeconds stops at the headers (core/fetcher/makeRequest.js clears its timer once fetch resolves), so a stalled body waits for undici's default bodyTimeout: its undici-body-timeout.defaults row"

/**
 * The same fault on the n-th request
 * of its target and the two after it.
 */
function thrice(fault: RowFault, from = 1): RowFault[] {
  const target = 'probe' in fault ? 'probe' : 'send'
  return [0, 1, 2].map((i) => ({ ...fault, [target]: from + i }) as RowFault)
}

const send = { send: 1 } as const
const probe = { probe: 1 } as const

/**
 * A team's undici Agent (the `.agent` rows):
 * both its timeouts at the clients' 10 s.
 */
const TEAM_AGENT = { headersTimeout: CLIENT_TIMEOUT_MS, bodyTimeout: CLIENT_TIMEOUT_MS } as const

/** Past undici's 300 s defaults (virtual ms). */
const PAST_UNDICI_DEFAULTS_MS = 400_000

/** Why undici's own timeouts are fetch's rows. */
const NOT_UNDICI =
  "node:http and axios have no timeout by default (with none set they wait forever: the cell would hang); stripe-node's default client is node:http, and it always sets a timeout (80 s by default); so do the vendors' SDKs on node:http or axios (@paypal/paypal-server-sdk's and @sendgrid/mail's axios, the SES client's node:http handler)"
const NO_DISPATCHER = `${NOT_UNDICI}; resend-node takes no dispatcher (its fetch uses the global one: undici's defaults, the .defaults rows), nor does square (its own 60 s timeout covers the headers)`
/** undici's default headersTimeout, past Square's own 60 s. */
const SQUARE_TIMES_OUT_FIRST = `${NOT_UNDICI}; square's own timeout (60 s by default) comes before undici's 300 s headersTimeout`

export const AUDIT_CASES: readonly AuditCase[] = [
  {
    id: 'connection-refused',
    kind: 'connection-refused',
    label: 'connection refused',
    observation: 'refused',
    requests: ['send'],
    faults: thrice({ kind: 'connection-refused', boundary: 'before-send', ...send }),
    noEffect: ['not-sent'],
  },
  {
    id: 'dns-failure',
    kind: 'dns-failure',
    label: 'name does not resolve',
    observation: 'name-not-resolved',
    requests: ['send'],
    faults: thrice({ kind: 'dns-failure', boundary: 'before-send', ...send }),
    noEffect: ['not-sent'],
  },
  {
    id: 'latency.slow-success',
    kind: 'latency',
    label: 'slow, within the timeout',
    observation: 'success',
    requests: ['send'],
    faults: [{ kind: 'latency', boundary: 'in-transit', ...send, delayMs: 1_000 }],
    noEffect: [],
  },
  {
    id: 'latency.past-timeout',
    kind: 'latency',
    label: 'slower than the client waits',
    observation: 'client-timeout',
    requests: ['send'],
    faults: [{ kind: 'latency', boundary: 'in-transit', ...send, delayMs: CLIENT_TIMEOUT_MS + 2_000 }],
    noEffect: [],
  },
  {
    id: 'late-delivery',
    kind: 'late-delivery',
    label: 'delivered after the client gave up',
    observation: 'client-timeout',
    requests: ['send'],
    faults: [{ kind: 'late-delivery', boundary: 'in-transit', ...send, delayMs: 1_000 }],
    noEffect: [],
  },
  {
    id: 'dropped',
    kind: 'dropped',
    label: 'dropped on the way',
    observation: 'client-timeout',
    requests: ['send'],
    faults: thrice({ kind: 'dropped', boundary: 'in-transit', ...send }),
    noEffect: ['not-sent'],
  },
  {
    id: 'server-fails-before-apply.reset',
    kind: 'server-fails-before-apply',
    label: 'reset before the server acted',
    observation: 'reset',
    requests: ['send'],
    faults: thrice({ kind: 'server-fails-before-apply', boundary: 'after-receipt', ...send, mode: 'reset' }),
    noEffect: ['not-sent'],
  },
  {
    id: 'server-fails-before-apply.503',
    kind: 'server-fails-before-apply',
    label: '503 before the server acted',
    observation: 'status-503',
    requests: ['send'],
    faults: thrice({ kind: 'server-fails-before-apply', boundary: 'after-receipt', ...send, mode: '503' }),
    noEffect: ['not-sent'],
  },
  {
    id: 'server-fails-before-apply.500',
    kind: 'server-fails-before-apply',
    label: 'internal 500, stored under the key',
    observation: 'status-500',
    requests: ['send'],
    faults: thrice({ kind: 'server-fails-before-apply', boundary: 'after-receipt', ...send, mode: '500' }),
    // Stripe replays a stored 500 under the key
    // (Stripe-Should-Retry: false): resending is no use.
    noEffect: ['not-sent', 'rejected'],
  },
  {
    id: 'reset-after-effect',
    kind: 'reset-after-effect',
    label: 'reset after the server acted',
    observation: 'reset',
    requests: ['send'],
    faults: thrice({ kind: 'reset-after-effect', boundary: 'after-effect', ...send }),
    noEffect: [],
  },
  {
    id: 'withhold-after-effect',
    kind: 'withhold-after-effect',
    label: 'no answer after the server acted',
    observation: 'client-timeout',
    requests: ['send'],
    faults: thrice({ kind: 'withhold-after-effect', boundary: 'after-effect', ...send }),
    noEffect: [],
  },
  {
    id: 'body-cut',
    kind: 'body-cut',
    label: 'connection closed mid-body after the server acted',
    observation: 'body-cut',
    requests: ['send'],
    // The 200's status line and headers came:
    // axios's error carries the 200.
    faults: thrice({ kind: 'body-cut', boundary: 'after-effect', ...send, bytes: 16 }),
    noEffect: [],
  },
  {
    id: 'body-stall',
    kind: 'body-stall',
    label: 'the body stalls after the server acted, until the client times out',
    observation: 'client-timeout',
    requests: ['send'],
    faults: thrice({ kind: 'body-stall', boundary: 'after-effect', ...send, bytes: 16 }),
    clients: allBut('square'),
    notFor: SQUARE_STALL,
    noEffect: [],
  },
  // undici's own timeouts: a fetch with no
  // signal of its own, at undici's defaults
  // or a team's Agent. The same error with
  // and without an effect (.no-effect).
  {
    id: 'undici-headers-timeout.defaults',
    kind: 'undici-headers-timeout',
    label: "no headers within undici's default 300 s; the server had acted",
    observation: 'headers-timeout',
    requests: ['send'],
    faults: thrice({ kind: 'withhold-after-effect', boundary: 'after-effect', ...send }),
    client: { kind: 'no-timeout' },
    clients: ['fetch', 'resend'],
    notFor: SQUARE_TIMES_OUT_FIRST,
    turnBudgetMs: PAST_UNDICI_DEFAULTS_MS,
    noEffect: [],
  },
  {
    id: 'undici-headers-timeout.agent',
    kind: 'undici-headers-timeout',
    label: "no headers within an undici Agent's headersTimeout (10 s); the server had acted",
    observation: 'headers-timeout',
    requests: ['send'],
    faults: thrice({ kind: 'withhold-after-effect', boundary: 'after-effect', ...send }),
    client: { kind: 'no-timeout', agent: TEAM_AGENT },
    clients: ['fetch'],
    notFor: NO_DISPATCHER,
    noEffect: [],
  },
  {
    id: 'undici-headers-timeout.no-effect',
    kind: 'undici-headers-timeout',
    label: "no headers within an undici Agent's headersTimeout (10 s); the request was dropped",
    observation: 'headers-timeout',
    requests: ['send'],
    faults: thrice({ kind: 'dropped', boundary: 'in-transit', ...send }),
    client: { kind: 'no-timeout', agent: TEAM_AGENT },
    clients: ['fetch'],
    notFor: NO_DISPATCHER,
    noEffect: ['not-sent'],
  },
  {
    id: 'undici-body-timeout',
    kind: 'undici-body-timeout',
    label: "the body stalls past an undici Agent's bodyTimeout (10 s); the server had acted",
    observation: 'body-timeout',
    requests: ['send'],
    faults: thrice({ kind: 'body-stall', boundary: 'after-effect', ...send, bytes: 16 }),
    client: { kind: 'no-timeout', agent: TEAM_AGENT },
    clients: ['fetch'],
    notFor: NO_DISPATCHER,
    noEffect: [],
  },
  {
    id: 'undici-body-timeout.defaults',
    kind: 'undici-body-timeout',
    label: "the body stalls past undici's default 300 s; the server had acted",
    observation: 'body-timeout',
    requests: ['send'],
    faults: thrice({ kind: 'body-stall', boundary: 'after-effect', ...send, bytes: 16 }),
    client: { kind: 'no-timeout' },
    // Square: its timeout stopped at the headers.
    clients: ['fetch', 'resend', 'square'],
    notFor: NOT_UNDICI,
    turnBudgetMs: PAST_UNDICI_DEFAULTS_MS,
    noEffect: [],
  },
  {
    id: 'caller-cancel.before-send',
    kind: 'caller-cancel',
    label: 'cancelled by its caller while connecting',
    observation: 'caller-cancel',
    requests: ['send'],
    // A connection never made (dropped on the
    // way); the caller stops it 1 s in.
    faults: thrice({ kind: 'dropped', boundary: 'in-transit', ...send }),
    client: { kind: 'caller-cancel', afterMs: CALLER_CANCEL_MS },
    clients: CANCELLABLE,
    notFor: `${STRIPE_TAKES_NO_SIGNAL}; ${SENDGRID_TAKES_NO_SIGNAL}`,
    noEffect: ['not-sent'],
  },
  {
    id: 'caller-cancel.in-flight',
    kind: 'caller-cancel',
    label: 'cancelled by its caller while the service works; it commits anyway',
    observation: 'caller-cancel',
    requests: ['send'],
    // The service has it and commits at 5 s;
    // the caller stops waiting at 1 s.
    faults: [],
    processingMs: 5 * CALLER_CANCEL_MS,
    client: { kind: 'caller-cancel', afterMs: CALLER_CANCEL_MS },
    clients: CANCELLABLE,
    notFor: `${STRIPE_TAKES_NO_SIGNAL}; ${SENDGRID_TAKES_NO_SIGNAL}`,
    noEffect: [],
  },
  {
    id: 'gateway-timeout.finishes',
    kind: 'gateway-timeout',
    label: 'gateway 504, upstream finishes later',
    observation: 'status-504',
    requests: ['send'],
    faults: thrice({ kind: 'gateway-timeout', boundary: 'gateway', ...send, upstream: 'finishes', afterMs: 1_000 }),
    noEffect: [],
  },
  {
    id: 'gateway-timeout.dies',
    kind: 'gateway-timeout',
    label: 'gateway 504, upstream dies',
    observation: 'status-504',
    requests: ['send'],
    faults: thrice({ kind: 'gateway-timeout', boundary: 'gateway', ...send, upstream: 'dies', afterMs: 1_000 }),
    noEffect: ['not-sent'],
  },
  // A proxy's own page (HTML): the upstream
  // acted, or was never reached. Alike to
  // every client; only the ledger differs.
  gatewayErrorRow(502, 'acted'),
  gatewayErrorRow(502, 'not-reached'),
  gatewayErrorRow(500, 'acted'),
  gatewayErrorRow(500, 'not-reached'),
  gatewayErrorRow(503, 'acted'),
  gatewayErrorRow(503, 'not-reached'),
  {
    id: 'error-response.429',
    kind: 'error-response',
    label: '429 rate limited',
    observation: 'status-429',
    requests: ['send'],
    faults: thrice({ kind: 'error-response', boundary: 'response', ...send, status: 429 }),
    noEffect: ['not-sent'],
  },
  {
    id: 'error-response.503',
    kind: 'error-response',
    label: '503 unavailable',
    observation: 'status-503',
    requests: ['send'],
    faults: thrice({ kind: 'error-response', boundary: 'response', ...send, status: 503 }),
    noEffect: ['not-sent'],
  },
  {
    id: 'error-response.400',
    kind: 'error-response',
    label: 'validation error (400; 422 e-mail)',
    observation: 'status-400',
    requests: ['send'],
    faults: thrice({ kind: 'error-response', boundary: 'response', ...send, status: 400 }),
    noEffect: ['rejected'],
  },
  {
    id: 'error-response.409',
    kind: 'error-response',
    label: '409 key in use (nothing in flight)',
    observation: 'status-409',
    requests: ['send'],
    faults: thrice({ kind: 'error-response', boundary: 'response', ...send, status: 409 }),
    clients: allBut('ses', 'sendgrid'),
    notFor: NO_KEYS,
    noEffect: ['not-sent'],
  },
  {
    id: 'key-in-use.in-flight',
    kind: 'key-in-use',
    label: '409 key in use: the first send is still being processed',
    observation: 'status-409',
    // The first send outlives the client's timeout;
    // the resend under its key meets it in flight.
    requests: ['send', 'send'],
    faults: [],
    processingMs: CLIENT_TIMEOUT_MS + 5_000,
    clients: allBut('ses', 'sendgrid'),
    notFor: NO_KEYS,
    noEffect: [],
  },
  {
    id: 'key-reused.other-request',
    kind: 'key-reused',
    label: 'a used key sent with another request (another amount, another subject); the first had landed',
    observation: 'key-reused',
    // Square: 400 IDEMPOTENCY_KEY_REUSED; Stripe:
    // 400 idempotency_error; Resend: 409
    // invalid_idempotent_request; PayPal replays
    // the first refund (it compares no payload).
    requests: ['send', 'send'],
    changed: true,
    faults: [],
    clients: allBut('ses', 'sendgrid'),
    notFor: NO_KEYS,
    noEffect: [],
  },
  {
    id: 'service-restart',
    kind: 'service-restart',
    label: 'service restarts while receiving',
    observation: 'reset',
    requests: ['send'],
    faults: thrice({ kind: 'service-restart', boundary: 'service', ...send }),
    noEffect: ['not-sent'],
  },
  {
    id: 'probe-timeout.after-effect',
    kind: 'probe-timeout',
    label: 'a look times out; the send had landed',
    observation: 'probe-timeout',
    requests: ['send', 'probe'],
    faults: [
      ...thrice({ kind: 'reset-after-effect', boundary: 'after-effect', ...send }),
      ...thrice({ kind: 'probe-timeout', boundary: 'probe', ...probe }),
    ],
    clients: allBut('sendgrid'),
    notFor: SENDGRID_CANNOT_LOOK,
    noEffect: [],
  },
  {
    id: 'probe-timeout.no-effect',
    kind: 'probe-timeout',
    label: 'a look times out; the send had been dropped',
    observation: 'probe-timeout',
    requests: ['send', 'probe'],
    faults: [
      ...thrice({ kind: 'dropped', boundary: 'in-transit', ...send }),
      ...thrice({ kind: 'probe-timeout', boundary: 'probe', ...probe }),
    ],
    clients: allBut('sendgrid'),
    notFor: SENDGRID_CANNOT_LOOK,
    noEffect: [],
  },
]

/**
 * `gateway-error.<status>.<upstream>`: the
 * proxy's page a second after the request
 * (acted: after the upstream's answer).
 */
function gatewayErrorRow(status: 502 | 500 | 503, upstream: 'acted' | 'not-reached'): AuditCase {
  return {
    id: `gateway-error.${status}.${upstream}`,
    kind: 'gateway-error',
    label: `proxy ${status} page, ${upstream === 'acted' ? 'after the upstream acted' : 'upstream not reached'}`,
    observation: `status-${status}`,
    requests: ['send'],
    faults: thrice({ kind: 'gateway-error', boundary: 'gateway', ...send, status, upstream, afterMs: 1_000 }),
    // Not reached: a resend may get through.
    noEffect: upstream === 'acted' ? [] : ['not-sent'],
  }
}

/** Whether `row` has a cell for `client`. */
export function appliesTo(row: AuditCase, client: ClientName): boolean {
  return row.clients?.includes(client) ?? true
}

export function auditCase(id: string): AuditCase | undefined {
  return AUDIT_CASES.find((c) => c.id === id)
}
