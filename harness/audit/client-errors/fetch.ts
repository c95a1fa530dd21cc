// The fetch client's errors, from its own source.
import type { ClientInventory } from './inventory.ts'
import {
  rows,
  none,
  RESETS,
  OWN_TIMEOUTS,
  CANCEL,
  CONNECT_GAP,
  AGGREGATE_GAP,
  PARSER_GAP,
  TLS_GAP,
  EPIPE_GAP,
  RST_GAP,
  UNDICI,
} from './shared.ts'

export const FETCH: ClientInventory = {
  client: 'fetch',
  package: "undici (Node's bundled fetch; the npm copy is the same version)",
  version: '6.24.1',
  read: [
    `${UNDICI}/core/errors.js`,
    `${UNDICI}/web/fetch/index.js`,
    `${UNDICI}/dispatcher/client-h1.js`,
    `${UNDICI}/core/connect.js`,
  ],
  errors: [
    {
      ids: ['ECONNREFUSED'],
      shows: 'TypeError: fetch failed ← Error: connect ECONNREFUSED',
      where: 'web/fetch/index.js fetch() L230 new TypeError("fetch failed", { cause }); the cause from net.connect',
      produced: rows('connection-refused'),
    },
    {
      ids: ['ENOTFOUND'],
      shows: 'TypeError: fetch failed ← Error: getaddrinfo ENOTFOUND',
      where: 'fetch() L230; the cause from dns.lookup (core/connect.js)',
      produced: rows('dns-failure'),
    },
    {
      ids: ['UND_ERR_SOCKET'],
      shows:
        'TypeError: fetch failed ← SocketError: other side closed [UND_ERR_SOCKET]; in the body: TypeError: terminated ← the same',
      where:
        'core/errors.js L247 SocketError; dispatcher/client-h1.js onHttpSocketEnd L701 ("other side closed"), onHttpSocketClose L717 ("closed")',
      produced: rows(...RESETS, 'body-cut'),
    },
    {
      ids: ['TimeoutError'],
      shows: 'DOMException (name TimeoutError): The operation was aborted due to timeout',
      where:
        "the caller's AbortSignal.timeout reason, rejected as is (fetch() L153 abortFetch(…, signal.reason)); in the body, by response.text()",
      produced: rows(...OWN_TIMEOUTS, 'body-stall'),
    },
    {
      ids: ['AbortError'],
      shows: "DOMException (name AbortError): This operation was aborted (or the caller's own reason)",
      where:
        'fetch() L153/L196 abortFetch with the signal\'s reason; L108, L1699, L2090 the fallback "The operation was aborted."',
      produced: rows(...CANCEL),
    },
    {
      ids: ['UND_ERR_HEADERS_TIMEOUT'],
      shows: 'TypeError: fetch failed ← HeadersTimeoutError: Headers Timeout Error [UND_ERR_HEADERS_TIMEOUT]',
      where: 'core/errors.js L35; client-h1.js onParserTimeout L642 (headersTimeout, 300 s default)',
      produced: rows(
        'undici-headers-timeout.defaults',
        'undici-headers-timeout.agent',
        'undici-headers-timeout.no-effect',
      ),
    },
    {
      ids: ['UND_ERR_BODY_TIMEOUT'],
      shows: 'TypeError: terminated ← BodyTimeoutError: Body Timeout Error [UND_ERR_BODY_TIMEOUT]',
      where: 'core/errors.js L67; client-h1.js onParserTimeout L646 (bodyTimeout, 300 s default)',
      produced: rows('undici-body-timeout', 'undici-body-timeout.defaults'),
    },
    {
      ids: ['terminated'],
      shows: 'TypeError: terminated ← the cause (UND_ERR_SOCKET, read ECONNRESET, UND_ERR_BODY_TIMEOUT)',
      where: 'web/fetch/index.js onAborted L2046: the body stream errored after the headers',
      produced: rows('body-cut', 'undici-body-timeout', 'undici-body-timeout.defaults'),
    },
    {
      ids: ['fetch failed'],
      shows: 'TypeError: fetch failed ← the network error',
      where: 'fetch() L230: every network error before the response, its cause the error itself',
      produced: rows('connection-refused', 'dns-failure', ...RESETS, 'undici-headers-timeout.defaults'),
    },
    {
      ids: ['ECONNRESET'],
      shows: 'TypeError: fetch failed ← Error: read ECONNRESET [ECONNRESET]',
      where: "the socket's error on a TCP RST, via client-h1.js onHttpSocketError",
      produced: none('gap', RST_GAP),
    },
    {
      ids: ['EPIPE'],
      shows: 'TypeError: fetch failed ← Error: write EPIPE [EPIPE]',
      where: "the socket's write error, via client-h1.js onHttpSocketError",
      produced: none('gap', EPIPE_GAP),
    },
    {
      ids: ['UND_ERR_CONNECT_TIMEOUT'],
      shows: 'TypeError: fetch failed ← ConnectTimeoutError: Connect Timeout Error [UND_ERR_CONNECT_TIMEOUT]',
      where: 'core/errors.js L19; core/connect.js setupConnectTimeout L237 (connect.timeout, 10 s default)',
      produced: none(
        'gap',
        'a SYN never answered: undici gives up after 10 s, before the OS ETIMEDOUT; nothing was sent. ' +
          "Cheap: a before-send fault that waits 10 s and throws undici's error (the audit's own 10 s " +
          'signal races it: a client with no timeout of its own shows it)',
      ),
    },
    {
      ids: ['ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENETDOWN', 'EHOSTDOWN', 'EAI_AGAIN', 'EADDRNOTAVAIL'],
      shows: 'TypeError: fetch failed ← Error: connect EHOSTUNREACH …',
      where: 'net.connect / dns.lookup errors, the cause of fetch failed (core/connect.js)',
      produced: none('gap', CONNECT_GAP),
    },
    {
      ids: ['AggregateError', 'ERR_SOCKET_CONNECTION_TIMEOUT'],
      shows: 'TypeError: fetch failed ← AggregateError [ECONNREFUSED] (empty message)',
      where: 'Node net.js internalConnectMultiple, the cause of fetch failed',
      produced: none('gap', AGGREGATE_GAP),
    },
    {
      ids: ['HPE_*'],
      shows: 'TypeError: fetch failed ← HTTPParserError: Response does not match the HTTP/1.1 protocol [HPE_…]',
      where: 'core/errors.js L296 HTTPParserError (code HPE_<llhttp error>); client-h1.js Parser.execute L298',
      produced: none('gap', PARSER_GAP),
    },
    {
      ids: ['UND_ERR_HEADERS_OVERFLOW'],
      shows: 'TypeError: fetch failed ← HeadersOverflowError [UND_ERR_HEADERS_OVERFLOW]',
      where: 'core/errors.js L51; client-h1.js onHeaderField/Value L379 (maxHeaderSize, 16 KiB)',
      produced: none('gap', `response headers past 16 KiB from a proxy or service: ${PARSER_GAP}`),
    },
    {
      ids: ['TLS'],
      shows: 'TypeError: fetch failed ← Error: … [ECONNRESET | CERT_HAS_EXPIRED | ERR_TLS_CERT_ALTNAME_INVALID]',
      where: 'tls.connect in core/connect.js',
      produced: none('gap', TLS_GAP),
    },
    {
      ids: ['UND_ERR_RES_CONTENT_LENGTH_MISMATCH'],
      shows: 'TypeError: terminated ← ResponseContentLengthMismatchError',
      where:
        'core/errors.js L199; client-h1.js onMessageComplete L601, "istanbul ignore next: should be handled by llhttp"',
      produced: none(
        'never-surfaces',
        'llhttp ends the body at content-length; a shorter body is a socket close (UND_ERR_SOCKET)',
      ),
    },
    {
      ids: ['UND_ERR_ABORTED', 'UND_ERR_ABORT'],
      shows: '(RequestAbortedError, AbortError of undici)',
      where: 'core/errors.js L135, L151; client-h1.js L924, L1063 (the dispatcher side of an abort)',
      produced: none(
        'never-surfaces',
        "fetch rejects with its signal's reason (abortFetch), not the dispatcher's abort error; " +
          'ProxyAgent raises it for a refused tunnel (unused)',
      ),
    },
    {
      ids: ['UND_ERR', 'UND_ERR_INFO'],
      shows: '(UndiciError, InformationalError)',
      where: 'core/errors.js L4 (the base class), L167; client-h1.js L612-650 ("reset", "socket idle timeout")',
      produced: none(
        'never-surfaces',
        'the base class is never raised as such; an InformationalError closes a socket with no request ' +
          'in flight on it',
      ),
    },
    {
      ids: ['UND_ERR_INVALID_ARG', 'UND_ERR_INVALID_RETURN_VALUE', 'UND_ERR_REQ_CONTENT_LENGTH_MISMATCH'],
      shows: 'TypeError: fetch failed ← InvalidArgumentError / RequestContentLengthMismatchError',
      where: 'core/errors.js L103, L119, L183; core/request.js, client-h1.js writeH1 L910',
      produced: none('caller', 'invalid options, a handler returning nonsense, a content-length not matching the body'),
    },
    {
      ids: ['UND_ERR_DESTROYED', 'UND_ERR_CLOSED'],
      shows: 'TypeError: fetch failed ← ClientDestroyedError / ClientClosedError',
      where: 'core/errors.js L215, L231; dispatcher/dispatcher-base.js L64-L174',
      produced: none('caller', 'the caller closed or destroyed its own dispatcher (an Agent it passed)'),
    },
    {
      ids: [
        'UND_ERR_RESPONSE_STATUS_CODE',
        'UND_ERR_NOT_SUPPORTED',
        'UND_ERR_BPL_MISSING_UPSTREAM',
        'UND_ERR_RES_EXCEEDED_MAX_SIZE',
        'UND_ERR_REQ_RETRY',
        'UND_ERR_RESPONSE',
        'UND_ERR_PRX_TLS',
        'UND_ERR_WS_MESSAGE_SIZE_EXCEEDED',
      ],
      shows: '(undici features fetch does not use by default)',
      where:
        "core/errors.js L83, L264, L280, L312, L328, L347, L366, L383: request()'s throwOnError, BalancedPool, " +
        'maxResponseSize, RetryHandler, the response-error interceptor, ProxyAgent, WebSocket',
      produced: none('unused-feature', "opt-in dispatchers, interceptors and APIs; the audit's fetch uses none"),
    },
    {
      ids: [
        'redirect count exceeded',
        'unexpected redirect',
        'URL cannot contain credentials for request mode "cors"',
        'proxy authentication required',
        'too many content-encodings in response: ',
      ],
      shows: 'TypeError: fetch failed ← Error: redirect count exceeded (…)',
      where: 'web/fetch/index.js httpRedirectFetch L1237-1283, mainFetch L1186, httpNetworkOrCacheFetch L1641, L2142',
      produced: none(
        'unused-feature',
        'redirects, a 407 from a proxy, and compressed bodies: the services (and the gateways) never send them',
      ),
    },
    {
      ids: [
        'local URLs only',
        'bad port',
        'request mode cannot be "same-origin"',
        'redirect mode cannot be "follow" for "no-cors" request',
        'URL scheme must be a HTTP(S) scheme',
        'about scheme is not supported',
        'NetworkError when attempting to fetch resource.',
        'invalid method',
        'failed to fetch the data URL',
        "Range start is greater than the blob's size.",
        'not implemented... yet...',
        'unknown scheme',
        'cors failure',
        'blocked',
        'cross origin not allowed for request mode "cors"',
        'only if cached',
      ],
      shows: 'TypeError: fetch failed ← Error: bad port (…)',
      where: 'web/fetch/index.js mainFetch L529-620, schemeFetch L793-962, httpFetch L1147-1170, L1563',
      produced: none('caller', "the request's URL, port, scheme, mode or method as the caller wrote it"),
    },
  ],
}
