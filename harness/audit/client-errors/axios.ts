// The axios client's errors, from its own source.
import type { ClientInventory } from './inventory.ts'
import {
  rows,
  none,
  RESETS,
  OWN_TIMEOUTS,
  CANCEL,
  GATEWAY_HTML,
  STATUS_4XX,
  KEY_REUSED,
  STATUS_5XX_JSON,
  CONNECT_GAP,
} from './shared.ts'

export const AXIOS: ClientInventory = {
  client: 'axios',
  package: 'axios (its Node http adapter, through follow-redirects)',
  version: '1.21.1',
  read: [
    'node_modules/axios/lib/core/AxiosError.js',
    'node_modules/axios/lib/adapters/http.js',
    'node_modules/axios/lib/core/settle.js',
    'node_modules/axios/lib/cancel/CanceledError.js',
    'node_modules/follow-redirects/index.js (1.16.3)',
  ],
  errors: [
    {
      ids: ['ECONNREFUSED'],
      shows: 'AxiosError (name Error): connect ECONNREFUSED [ECONNREFUSED] ← the Node error',
      where: "adapters/http.js L1459 req.on('error') → AxiosError.from(err): the Node error's code and name",
      produced: rows('connection-refused'),
    },
    {
      ids: ['ENOTFOUND'],
      shows: 'AxiosError (name Error): getaddrinfo ENOTFOUND [ENOTFOUND] ← the Node error',
      where: 'adapters/http.js L1459',
      produced: rows('dns-failure'),
    },
    {
      ids: ['ECONNRESET'],
      shows: 'AxiosError (name Error): socket hang up [ECONNRESET] ← the Node error',
      where: 'adapters/http.js L1459 (a TCP RST: read ECONNRESET, the same code)',
      produced: rows(...RESETS),
    },
    {
      ids: ['ECONNABORTED'],
      shows: 'AxiosError: timeout of 10000ms exceeded [ECONNABORTED]',
      where:
        'adapters/http.js createTimeoutError L757-L771, fired by req.setTimeout / the connect-phase timer L1523-L1530',
      produced: rows(...OWN_TIMEOUTS),
    },
    {
      ids: ['ERR_CANCELED', 'CanceledError'],
      shows: 'CanceledError: canceled [ERR_CANCELED]',
      where: "adapters/http.js abort() L743 on the caller's signal / cancelToken; cancel/CanceledError.js",
      produced: rows(...CANCEL),
    },
    {
      ids: ['ERR_BAD_REQUEST'],
      shows: 'AxiosError: Request failed with status code 4xx [ERR_BAD_REQUEST] with response',
      where: 'core/settle.js: a 4xx status (also http.js L867-L1052 for a body it cannot send: the caller)',
      produced: rows(...STATUS_4XX, KEY_REUSED),
    },
    {
      ids: ['ERR_BAD_RESPONSE'],
      shows:
        'AxiosError: Request failed with status code 5xx [ERR_BAD_RESPONSE] with response; "stream has been aborted" (a cut body)',
      where: "core/settle.js: a 5xx; adapters/http.js L1407 responseStream 'aborted'; L842-L1392 maxContentLength",
      produced: rows(...STATUS_5XX_JSON, ...GATEWAY_HTML, 'body-cut', 'body-stall'),
    },
    {
      ids: ['ETIMEDOUT'],
      shows: 'AxiosError: timeout of …ms exceeded [ETIMEDOUT]; or a Node connect ETIMEDOUT',
      where: 'createTimeoutError with transitional.clarifyTimeoutError; L1459 for the OS connect timeout',
      produced: none(
        'gap',
        `with clarifyTimeoutError the caller's option renames the timeout; otherwise ${CONNECT_GAP}`,
      ),
    },
    {
      ids: ['HPE_*', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'AggregateError', 'TLS'],
      shows: "AxiosError (name Error): … [the Node error's code] ← the Node error",
      where: 'adapters/http.js L1459: any other Node error keeps its code',
      produced: none('gap', 'the node:http gaps, wrapped: a parser error, EPIPE, other connect failures, TLS'),
    },
    {
      ids: ['ERR_NETWORK'],
      shows: 'AxiosError: Network Error [ERR_NETWORK]',
      where: 'adapters/xhr.js L214, adapters/fetch.js L694',
      produced: none('unused-feature', 'the browser (xhr) and fetch adapters; in Node axios uses its http adapter'),
    },
    {
      ids: [
        'ERR_FR_TOO_MANY_REDIRECTS',
        'ERR_FR_REDIRECTION_FAILURE',
        'ERR_FR_MAX_BODY_LENGTH_EXCEEDED',
        'ERR_STREAM_WRITE_AFTER_END',
      ],
      shows: 'AxiosError (name Error): Maximum number of redirects exceeded [ERR_FR_TOO_MANY_REDIRECTS]',
      where: 'follow-redirects/index.js createErrorType, through http.js L1459',
      produced: none('unused-feature', 'redirects (the services never redirect) and a request body past maxBodyLength'),
    },
    {
      ids: [
        'ERR_BAD_OPTION_VALUE',
        'ERR_BAD_OPTION',
        'ERR_DEPRECATED',
        'ERR_INVALID_URL',
        'ERR_NOT_SUPPORT',
        'ERR_FORM_DATA_DEPTH_EXCEEDED',
      ],
      shows: 'AxiosError: … [ERR_BAD_OPTION_VALUE]',
      where: 'helpers/validator.js, core/buildFullPath.js, helpers/toFormData.js, adapters/http.js L178-L1218',
      produced: none('caller', "the caller's config (timeout, proxy, socketPath, protocol, form data)"),
    },
  ],
}
