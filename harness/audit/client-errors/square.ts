// The square SDK's errors, from its own source.
import type { ClientInventory } from './inventory.ts'
import {
  rows,
  none,
  RESETS,
  OWN_TIMEOUTS,
  CANCEL,
  GATEWAY_HTML,
  STATUS_4XX,
  STATUS_5XX_JSON,
  KEY_REUSED,
} from './shared.ts'

export const SQUARE: ClientInventory = {
  client: 'square',
  package: 'square (its Fern fetcher on the global fetch)',
  version: '46.0.0',
  read: [
    'node_modules/square/errors/SquareError.js',
    'node_modules/square/errors/SquareTimeoutError.js',
    'node_modules/square/errors/handleNonStatusCodeError.js',
    'node_modules/square/core/fetcher/Fetcher.js',
    'node_modules/square/core/fetcher/makeRequest.js',
    'node_modules/square/core/fetcher/signals.js',
    'node_modules/square/core/fetcher/getResponseBody.js',
    'node_modules/square/core/fetcher/getErrorResponseBody.js',
    'node_modules/square/core/fetcher/requestWithRetries.js',
  ],
  errors: [
    {
      ids: ['SquareError', 'status-code'],
      shows: 'SquareError: Status code: 4xx/5xx … status N <errors[0].code> (body: the JSON, else the text)',
      where:
        'api/resources/refunds/client/Client.js: _response.error.reason "status-code" (Fetcher.js: any status ≥ 400)',
      produced: rows(...STATUS_4XX, KEY_REUSED, ...STATUS_5XX_JSON, ...GATEWAY_HTML),
    },
    {
      ids: ['unknown'],
      shows:
        'SquareError: fetch failed ← TypeError: fetch failed ← …; SquareError: terminated ← TypeError: terminated ← … (no status)',
      where: "Fetcher.js catch: fetch's own error (an Error), or a body read that failed; handleNonStatusCodeError.js",
      produced: rows('connection-refused', 'dns-failure', ...RESETS, 'body-cut', 'undici-body-timeout.defaults'),
    },
    {
      ids: ['unknown (its timeout)'],
      shows: 'SquareError: "timeout" (no cause chain: fetch rejects with the signal\'s reason, the string "timeout")',
      where:
        'core/fetcher/signals.js getTimeoutSignal: controller.abort("timeout"); Fetcher.js: not an Error, so reason "unknown", errorMessage toJson(error)',
      produced: rows(...OWN_TIMEOUTS),
    },
    {
      ids: ['unknown (aborted)'],
      shows: 'SquareError: The user aborted a request ← DOMException (name AbortError)',
      where: "Fetcher.js catch: the caller's abortSignal aborted",
      produced: rows(...CANCEL),
    },
    {
      ids: ['SquareTimeoutError', 'timeout'],
      shows: 'SquareTimeoutError: Timeout exceeded when calling POST /v2/refunds.',
      where:
        'Fetcher.js: an Error named AbortError with the caller\'s signal not aborted; handleNonStatusCodeError.js "timeout"',
      produced: none(
        'never-surfaces',
        'on Node ≥ 18 the SDK uses the global fetch, which rejects its timeout with the signal\'s reason — the string "timeout", not an AbortError — so its own timeout comes as SquareError: "timeout"; only a fetch of the caller\'s (the `fetch` option) or node-fetch would raise this',
      ),
    },
    {
      ids: ['non-json'],
      shows: 'SquareError: Status code: 200 status 200 (body: the text)',
      where: 'getResponseBody.js: a 2xx whose body is not JSON; handleNonStatusCodeError.js "non-json"',
      produced: none('gap', 'a 2xx that is not JSON (a captive portal, a misrouted 200 page): no row answers one'),
    },
    {
      ids: ['body-is-null'],
      shows: 'SquareError status N',
      where: 'getResponseBody.js: "sse" and "streaming" responses with no body',
      produced: none('unused-feature', 'streaming responses; a refund is JSON'),
    },
    {
      ids: ['JsonError', 'ParseError'],
      shows: "JsonError: … (the request's fields)",
      where:
        'core/schemas/builders/schema-utils/JsonError.js, ParseError.js: serializers.*.jsonOrThrow on the arguments',
      produced: none('caller', "the caller's arguments fail the SDK's schema, before any request"),
    },
  ],
}
