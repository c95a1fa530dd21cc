// What the clients' inventories share: row
// groups as the matrix shows them, the known
// gaps, and the helpers that name a row or why
// none.
import type { NoRowWhy, Produced } from './inventory.ts'

export const rows = (...ids: string[]): Produced => ({ by: 'rows', rows: ids })
export const none = (why: NoRowWhy, detail: string): Produced => ({ by: 'none', why, detail })

// Row groups, as the matrix shows them.
export const RESETS = ['server-fails-before-apply.reset', 'reset-after-effect', 'service-restart']
export const OWN_TIMEOUTS = [
  'latency.past-timeout',
  'late-delivery',
  'dropped',
  'withhold-after-effect',
  'probe-timeout.after-effect',
  'probe-timeout.no-effect',
]
export const CANCEL = ['caller-cancel.before-send', 'caller-cancel.in-flight']
export const GATEWAY_5XX = [502, 500, 503].flatMap((s) => [
  `gateway-error.${s}.acted`,
  `gateway-error.${s}.not-reached`,
])
export const GATEWAY_HTML = ['gateway-timeout.finishes', 'gateway-timeout.dies', ...GATEWAY_5XX]
export const STATUS_4XX = ['error-response.400', 'error-response.409', 'error-response.429', 'key-in-use.in-flight']
/** A used key sent with another request. */
export const KEY_REUSED = 'key-reused.other-request'
export const STATUS_5XX_JSON = ['server-fails-before-apply.500', 'server-fails-before-apply.503', 'error-response.503']

// Shared by node:http, axios and stripe-node:
// Node's own socket errors, no row yet.
export const CONNECT_GAP =
  'a connect that fails another way than refused (no route, network down, OS connect timeout ~2 min): ' +
  'nothing left the client, like connection-refused; cheap: a before-send fault throwing ' +
  "network-error.ts's error with this code"
export const AGGREGATE_GAP =
  'a host with several addresses (localhost: ::1 and 127.0.0.1), every one refused: Node 20 ' +
  "(autoSelectFamily) raises an AggregateError carrying the first error's code with an empty " +
  'message (net.js internalConnectMultiple; axios 1.21 AxiosError.from works around the message)'
export const PARSER_GAP =
  'a server or proxy answering bytes that are not HTTP/1.1: the request was received (ambiguous); ' +
  'msw answers with Response objects, not bytes, so a row needs a raw-socket fault'
export const TLS_GAP =
  "TLS: msw answers above the socket, so no handshake happens in a run; a handshake cut ('Client " +
  "network socket disconnected before secure TLS connection was established', ECONNRESET) or a bad " +
  'certificate (CERT_HAS_EXPIRED, ERR_TLS_CERT_ALTNAME_INVALID, …) means nothing was sent'
export const EPIPE_GAP =
  'write EPIPE: the server closed while the request body was still being written (a large body); ' +
  'the audit sends ~50 bytes, which a real socket writes at once; stripe-node retries it once ' +
  '(HttpClient.CONNECTION_CLOSED_ERROR_CODES)'
export const RST_GAP =
  "a TCP RST (read ECONNRESET) instead of a close: network-error.ts builds it (reset: 'rst') and " +
  'test/fidelity checks it, but no fault kind throws it; cheap: a `reset` parameter on ' +
  'server-fails-before-apply / reset-after-effect'

export const UNDICI = 'node_modules/undici/lib'
