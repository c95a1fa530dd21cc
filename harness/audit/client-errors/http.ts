// The http client's errors, from its own source.
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
} from './shared.ts'

export const NODE_HTTP: ClientInventory = {
  client: 'http',
  package: 'node:http (Node)',
  version: 'v20.20.2',
  read: [
    'lib/_http_client.js (nodejs/node, the same functions in v20)',
    'lib/net.js internalConnectMultiple',
    'lib/_http_incoming.js',
  ],
  errors: [
    {
      ids: ['ECONNREFUSED'],
      shows: 'Error: connect ECONNREFUSED host:port',
      where: 'the socket error, re-emitted on the request (_http_client.js socketErrorListener)',
      produced: rows('connection-refused'),
    },
    {
      ids: ['ENOTFOUND'],
      shows: 'Error: getaddrinfo ENOTFOUND host',
      where: 'dns.lookup in net.connect, socketErrorListener',
      produced: rows('dns-failure'),
    },
    {
      ids: ['socket hang up'],
      shows: 'Error: socket hang up [ECONNRESET]',
      where:
        "_http_client.js socketCloseListener / socketOnEnd / onSocketNT: connResetException('socket hang up'), " +
        "also what the caller's own req.destroy() gives",
      produced: rows(...RESETS, ...OWN_TIMEOUTS),
    },
    {
      ids: ['aborted'],
      shows: "Error: aborted [ECONNRESET] (on the response's 'error')",
      where: "_http_client.js socketCloseListener: res.destroy(connResetException('aborted')) when !res.complete",
      produced: rows('body-cut', 'body-stall'),
    },
    {
      ids: ['ABORT_ERR'],
      shows: 'AbortError: The operation was aborted [ABORT_ERR] ← DOMException AbortError',
      where: 'ClientRequest addAbortSignal(signal, this): the caller passed `signal`',
      produced: rows(...CANCEL),
    },
    {
      ids: ['read ECONNRESET'],
      shows: 'Error: read ECONNRESET [ECONNRESET] (on the request, even mid-body)',
      where: 'the socket error on a TCP RST, socketErrorListener',
      produced: none('gap', RST_GAP),
    },
    {
      ids: ['EPIPE'],
      shows: 'Error: write EPIPE [EPIPE]',
      where: 'the socket error while writing, socketErrorListener',
      produced: none('gap', EPIPE_GAP),
    },
    {
      ids: ['ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENETDOWN', 'EHOSTDOWN', 'EAI_AGAIN', 'EADDRNOTAVAIL'],
      shows: 'Error: connect EHOSTUNREACH host:port',
      where: 'net.connect / dns.lookup, socketErrorListener',
      produced: none('gap', CONNECT_GAP),
    },
    {
      ids: ['AggregateError', 'ERR_SOCKET_CONNECTION_TIMEOUT'],
      shows: 'AggregateError [ECONNREFUSED] (empty message)',
      where: 'net.js internalConnectMultiple',
      produced: none('gap', AGGREGATE_GAP),
    },
    {
      ids: ['HPE_*'],
      shows: 'Error: Parse Error: Invalid status code [HPE_INVALID_STATUS] (bytesParsed, rawPacket)',
      where: '_http_client.js socketOnData: parser.execute returned an error',
      produced: none('gap', PARSER_GAP),
    },
    {
      ids: ['TLS'],
      shows: 'Error: Client network socket disconnected before secure TLS connection was established [ECONNRESET]',
      where: 'tls.connect (https.request)',
      produced: none('gap', TLS_GAP),
    },
    {
      ids: ['ERR_STREAM_PREMATURE_CLOSE'],
      shows: 'Error [ERR_STREAM_PREMATURE_CLOSE]: Premature close',
      where: '_http_client.js onSocketNT: finished(socket) swallows it; stream.finished/pipeline over a cut response',
      produced: none(
        'never-surfaces',
        "http.request itself never hands it over; a caller's stream.pipeline over a cut body would (body-cut shows 'aborted')",
      ),
    },
    {
      ids: [
        'ERR_INVALID_ARG_TYPE',
        'ERR_INVALID_HTTP_TOKEN',
        'ERR_INVALID_PROTOCOL',
        'ERR_UNESCAPED_CHARACTERS',
        'ERR_HTTP_HEADERS_SENT',
        'ERR_INVALID_URL',
        'ERR_HTTP_INVALID_HEADER_VALUE',
        'ERR_INVALID_CHAR',
        'ERR_STREAM_WRITE_AFTER_END',
      ],
      shows: 'TypeError [ERR_INVALID_ARG_TYPE] … (thrown by http.request)',
      where: '_http_client.js ClientRequest constructor, OutgoingMessage.setHeader / write',
      produced: none('caller', 'thrown synchronously from the arguments, before any socket'),
    },
  ],
}
