// The resend client's errors, from its own source.
import type { ClientInventory } from './inventory.ts'
import { rows, none, RESETS, OWN_TIMEOUTS, CANCEL, GATEWAY_HTML, KEY_REUSED } from './shared.ts'

export const RESEND: ClientInventory = {
  client: 'resend',
  package: 'resend-node (returns { error: { name, message, statusCode } }, never throws)',
  version: '6.38.0',
  read: ['node_modules/resend/dist/index.mjs', 'node_modules/resend/dist/index.d.mts (RESEND_ERROR_CODE_KEY)'],
  errors: [
    {
      ids: ['application_error'],
      shows:
        'application_error: Unable to fetch data. The request could not be resolved. status null — whatever the fetch error',
      where:
        "index.mjs fetchRequest L1786-L1795: the outer catch (refused, reset, timeouts, a caller's cancel, a cut body)",
      produced: rows(
        'connection-refused',
        'dns-failure',
        ...RESETS,
        ...OWN_TIMEOUTS,
        ...CANCEL,
        'body-cut',
        'body-stall',
        // No timeout of its own: undici's.
        'undici-headers-timeout.defaults',
        'undici-body-timeout.defaults',
      ),
    },
    {
      ids: ['application_error (status)'],
      shows:
        'application_error: Internal server error. We are unable to process your request right now, please try again later. status 5xx',
      where: "index.mjs fetchRequest L1744-L1756: a non-2xx whose body is not JSON (a gateway's page)",
      produced: rows('server-fails-before-apply.500', ...GATEWAY_HTML),
    },
    {
      ids: ['application_error (statusText)'],
      shows: "application_error: terminated status 5xx (the read error's message)",
      where: 'index.mjs fetchRequest L1757-L1773: a non-2xx whose body could not be read',
      produced: none('gap', 'a non-2xx answer cut mid-body: body-cut cuts a 200'),
    },
    {
      ids: ['validation_error'],
      shows: "validation_error: … status 422 (the service's body)",
      where: "index.mjs fetchRequest L1733-L1741 passes the service's JSON error through; also L869/L905 (forward)",
      produced: rows('error-response.400'),
    },
    {
      ids: ['rate_limit_exceeded'],
      shows: 'rate_limit_exceeded: Too many requests … status 429',
      where: "index.mjs fetchRequest L1733-L1741 (the service's body)",
      produced: rows('error-response.429'),
    },
    {
      ids: ['concurrent_idempotent_requests'],
      shows:
        'concurrent_idempotent_requests: Same idempotency key used while original request is still in progress … status 409',
      where: "index.mjs fetchRequest L1733-L1741 (the service's body)",
      produced: rows('error-response.409', 'key-in-use.in-flight'),
    },
    {
      ids: ['service_unavailable'],
      shows: 'service_unavailable: API is temporarily unavailable status 503',
      where: "the simulated e-mail service's 503 body (not a name in RESEND_ERROR_CODE_KEY)",
      produced: rows('server-fails-before-apply.503', 'error-response.503'),
    },
    {
      ids: ['internal_server_error'],
      shows: 'internal_server_error: … status 500',
      where: "RESEND_ERROR_CODE_KEY: Resend's own 500, passed through",
      produced: none(
        'gap',
        "the simulated e-mail service names its 500 application_error (server-fails-before-apply.500); a mapping keyed on Resend's own name for a 500 is not exercised",
      ),
    },
    {
      ids: ['missing_required_field', 'invalid_parameter'],
      shows: 'missing_required_field: … status null',
      where: "index.mjs L456-L1580 (the SDK's own checks of its arguments), L1721 (a path with . or ..)",
      produced: none('caller', 'raised by the SDK before any request, with statusCode null like a network failure'),
    },
    {
      ids: ['invalid_idempotent_request'],
      shows: 'invalid_idempotent_request: Same idempotency key used with a different request payload. … status 409',
      where: "RESEND_ERROR_CODE_KEY (the service's body)",
      produced: rows(KEY_REUSED),
    },
    {
      ids: ['invalid_idempotency_key'],
      shows: 'invalid_idempotency_key: … status 400',
      where: "RESEND_ERROR_CODE_KEY (the service's body)",
      produced: none('caller', "a malformed key (empty, or longer than 256 characters): the caller's bug"),
    },
    {
      ids: [
        'missing_api_key',
        'restricted_api_key',
        'invalid_api_key',
        'not_found',
        'method_not_allowed',
        'invalid_attachment',
        'invalid_from_address',
        'invalid_access',
        'invalid_region',
        'monthly_quota_exceeded',
        'daily_quota_exceeded',
        'security_error',
      ],
      shows: "invalid_api_key: … status 403 (the service's body)",
      where: "RESEND_ERROR_CODE_KEY (the service's body, passed through)",
      produced: none(
        'service-verdict',
        'the service refuses the request as it stands: nothing done, as for the 400 row',
      ),
    },
  ],
}
