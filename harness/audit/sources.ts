// What published libraries and guides imply for
// each observation, as a class for a side-effecting
// POST, with where it was read (docs/mapping-audit.md).
// Longer than most because it is a table.
import type { MappingClass } from '../contract/mapping.ts'
import type { ObservationKind } from './cases.ts'

export type SourceId = 'stripe-docs' | 'stripe-node' | 'undici' | 'aws-sdk' | 'aip-194' | 'openai-node'

export interface Source {
  readonly id: SourceId
  readonly name: string
  /** The version read. */
  readonly version: string
  /** Where: file(s) and lines, or page(s). */
  readonly where: string
}

export const SOURCES: readonly Source[] = [
  {
    id: 'stripe-docs',
    name: "Stripe's error-handling and idempotency docs",
    version: 'docs.stripe.com, stored copies read 2026',
    where:
      '/idempotency, /api/idempotent_requests, /error-low-level § Content errors, /api/errors (api-version 2025-04-30.basil)',
  },
  {
    id: 'stripe-node',
    name: 'stripe-node',
    version: 'stripe 23.1.0 (npm; same rules in v22.5.0)',
    where:
      'esm/RequestSender.js _shouldRetry, _defaultIdempotencyKey, _request (the retry decision before the body is read), _jsonResponseHandler; esm/net/NodeHttpClient.js (src/RequestSender.ts L260-308 at v22.5.0)',
  },
  {
    id: 'undici',
    name: "undici's RetryHandler",
    version: 'undici v8.10.0',
    where:
      'lib/handler/retry-handler.js L90-104 (defaults), L183-241 (default retry), L267-413 (resume with Range), L436-445 (onResponseError: aborted)',
  },
  {
    id: 'aws-sdk',
    name: "the AWS SDK's retry classification",
    version: '@smithy/core 3.33.3 (AWS SDK for JavaScript v3)',
    where:
      'packages/core/src/submodules/retry/service-error-classification/constants.ts, service-error-classification.ts, CHANGELOG.md (c03ce2aa: AbortError removed)',
  },
  {
    id: 'aip-194',
    name: 'gRPC status codes and AIP-194',
    version:
      'AIP-194 @ ed03aeb (2025-04-22); google/rpc/code.proto @ 16b971c; grpc doc/statuscodes.md @ 0276060, doc/http-grpc-status-mapping.md @ 3e6851f',
    where: 'aip/general/0194.md; google/rpc/code.proto; grpc/grpc doc/',
  },
  {
    id: 'openai-node',
    name: "openai-node's retry rules",
    version: 'openai-node v7.5.0',
    where:
      'src/client.ts shouldRetry L1212-1233, connection errors L940-1011 (UND_ERR_HEADERS_TIMEOUT L991-1004), user aborts L933-949, body read L826-890, maxRetries L523, idempotency header L435/L1340-1344',
  },
]

export interface Published {
  readonly class: MappingClass | null
  /** What the source says or does, in a line. */
  readonly says: string
}

const KEYED = 'with its own idempotency key'

export const PUBLISHED: Readonly<Record<ObservationKind, Readonly<Record<SourceId, Published>>>> = {
  refused: {
    'stripe-docs': {
      class: 'ambiguous',
      says: 'a connection error: "you can safely repeat the request" under its idempotency key',
    },
    'stripe-node': { class: 'ambiguous', says: `no response: retried ${KEYED}` },
    undici: { class: 'ambiguous', says: 'ECONNREFUSED is retryable, but only for idempotent methods (never POST)' },
    'aws-sdk': { class: 'not-sent', says: 'ECONNREFUSED is transient: retried whatever the operation' },
    'aip-194': { class: null, says: 'statuscodes.md names no code for a connection never made' },
    'openai-node': { class: 'not-sent', says: 'any connection error retried, POST included, no key sent' },
  },
  'name-not-resolved': {
    'stripe-docs': { class: 'ambiguous', says: 'a connection error: repeat under the same key' },
    'stripe-node': { class: 'ambiguous', says: `no response: retried ${KEYED}` },
    undici: { class: 'ambiguous', says: 'ENOTFOUND retryable for idempotent methods only (EAI_AGAIN not at all)' },
    'aws-sdk': { class: 'not-sent', says: 'ENOTFOUND, EAI_AGAIN are network errors: retried' },
    'aip-194': { class: null, says: 'no code named' },
    'openai-node': { class: 'not-sent', says: 'any connection error retried, no key' },
  },
  success: {
    'stripe-docs': { class: 'applied', says: '2xx: it worked' },
    'stripe-node': { class: 'applied', says: '2xx' },
    undici: { class: 'applied', says: '2xx' },
    'aws-sdk': { class: 'applied', says: '2xx' },
    'aip-194': { class: 'applied', says: 'OK' },
    'openai-node': { class: 'applied', says: '2xx' },
  },
  'client-timeout': {
    'stripe-docs': { class: 'ambiguous', says: 'a connection error: repeat under the same key' },
    'stripe-node': { class: 'ambiguous', says: `its timeout (ETIMEDOUT) retried ${KEYED}` },
    undici: { class: null, says: 'its own timeouts are not in errorCodes, and an aborted request is never retried' },
    'aws-sdk': {
      class: 'not-sent',
      says: 'TimeoutError / ETIMEDOUT are transient (AbortError, ECONNABORTED are not listed)',
    },
    'aip-194': {
      class: 'ambiguous',
      says: 'DEADLINE_EXCEEDED: never retried; "may be returned even if the operation has completed successfully"',
    },
    'openai-node': { class: 'not-sent', says: 'timeouts retried, POST included, no key' },
  },
  reset: {
    'stripe-docs': { class: 'ambiguous', says: 'a connection error: repeat under the same key' },
    'stripe-node': {
      class: 'ambiguous',
      says: 'retried once even with retries off: "can also surface after the API processed the request"',
    },
    undici: { class: 'ambiguous', says: 'ECONNRESET, UND_ERR_SOCKET retryable for idempotent methods only' },
    'aws-sdk': { class: 'not-sent', says: 'ECONNRESET is transient: retried whatever the operation' },
    'aip-194': {
      class: 'ambiguous',
      says: 'data sent, then the connection broke: UNAVAILABLE, retried only where a repeat changes nothing',
    },
    'openai-node': { class: 'not-sent', says: 'any connection error retried, no key' },
  },
  'status-500': {
    'stripe-docs': {
      class: 'ambiguous',
      says: 'saved "after endpoint execution begins"; the same key replays it, "including 500 errors"',
    },
    'stripe-node': {
      class: 'rejected',
      says: 'not retried when Stripe-Should-Retry: false ("our idempotency framework would typically replay it")',
    },
    undici: { class: 'ambiguous', says: '500 retryable for idempotent methods only' },
    'aws-sdk': { class: 'not-sent', says: '500 is a transient status: retried' },
    'aip-194': {
      class: 'ambiguous',
      says: 'INTERNAL / UNKNOWN: surface to the application; UNKNOWN "may not be safe to retry"',
    },
    'openai-node': { class: 'not-sent', says: '>= 500 retried, no key' },
  },
  'status-503': {
    'stripe-docs': { class: null, says: 'the 5xx rows of the status table were not in the stored copy' },
    'stripe-node': { class: 'ambiguous', says: `>= 500 retried ${KEYED}` },
    undici: { class: 'ambiguous', says: '503 retryable for idempotent methods only' },
    'aws-sdk': { class: 'not-sent', says: '503 is a transient status: retried' },
    'aip-194': { class: 'ambiguous', says: 'UNAVAILABLE: the one retryable code, only where a repeat changes nothing' },
    'openai-node': { class: 'not-sent', says: '>= 500 retried, no key' },
  },
  'status-504': {
    'stripe-docs': { class: null, says: 'not in the stored copy' },
    'stripe-node': { class: 'ambiguous', says: `>= 500 retried ${KEYED}` },
    undici: { class: 'ambiguous', says: '504 retryable for idempotent methods only' },
    'aws-sdk': { class: 'not-sent', says: '504 is a transient status: retried' },
    'aip-194': {
      class: 'ambiguous',
      says: 'code.proto: DEADLINE_EXCEEDED (may have completed, never retried); the intermediary table: UNAVAILABLE (retryable)',
    },
    'openai-node': { class: 'not-sent', says: '>= 500 retried, no key' },
  },
  'status-429': {
    'stripe-docs': {
      class: 'not-sent',
      says: 'rate limiters run before the idempotency layer (nothing executed); back off and retry',
    },
    'stripe-node': { class: null, says: 'not retried (only with Stripe-Should-Retry: true): left to the caller' },
    undici: { class: 'ambiguous', says: '429 retryable (honouring Retry-After) for idempotent methods only' },
    'aws-sdk': { class: 'not-sent', says: 'throttling: retried' },
    'aip-194': {
      class: null,
      says: 'RESOURCE_EXHAUSTED: "generally" not retried (quota); the intermediary table maps 429 to UNAVAILABLE',
    },
    'openai-node': { class: 'not-sent', says: 'rate limits retried, no key' },
  },
  'status-400': {
    'stripe-docs': { class: 'rejected', says: 'correct the original request, then try again' },
    'stripe-node': { class: 'rejected', says: 'not retried' },
    undici: { class: 'rejected', says: 'not a retryable status, for any method' },
    'aws-sdk': {
      class: 'rejected',
      says: 'a client error: not retried (unless its code is a throttling or transient one)',
    },
    'aip-194': { class: 'rejected', says: 'INVALID_ARGUMENT: "will never succeed"' },
    'openai-node': { class: 'rejected', says: 'not retried (unless x-should-retry: true)' },
  },
  'status-409': {
    'stripe-docs': {
      class: 'ambiguous',
      says: '"conflicts with another request (perhaps due to using the same idempotent key)": that request may still go through',
    },
    'stripe-node': { class: 'ambiguous', says: `every 409 retried ${KEYED}` },
    undici: { class: 'rejected', says: 'not a retryable status, for any method' },
    'aws-sdk': { class: 'rejected', says: 'a client error: not retried' },
    'aip-194': { class: 'rejected', says: 'ABORTED / ALREADY_EXISTS: not retried for an individual request' },
    'openai-node': { class: 'not-sent', says: '"Retry on lock timeouts": every 409 retried, no key' },
  },
  // A used key with another request: Stripe's
  // 400 idempotency_error, Square's 400
  // IDEMPOTENCY_KEY_REUSED, Resend's 409.
  'key-reused': {
    'stripe-docs': {
      class: 'rejected',
      says: 'the layer "errors unless they\'re the same to prevent accidental misuse"; its message: "Try using a key other than … if you meant to execute a different request"',
    },
    'stripe-node': { class: 'rejected', says: 'a 400: not retried (a 409 would be)' },
    undici: { class: 'rejected', says: 'not a retryable status, for any method' },
    'aws-sdk': { class: 'rejected', says: 'a client error: not retried' },
    'aip-194': { class: 'rejected', says: 'INVALID_ARGUMENT / FAILED_PRECONDITION: not retried as it stands' },
    'openai-node': { class: 'rejected', says: 'a 400 not retried (a 409, as Resend answers, would be, with no key)' },
  },
  'probe-timeout': {
    'stripe-docs': { class: null, says: 'no source says what a failed look tells about an earlier request' },
    'stripe-node': { class: null, says: '—' },
    undici: { class: null, says: '—' },
    'aws-sdk': { class: null, says: '—' },
    'aip-194': { class: null, says: '—' },
    'openai-node': { class: null, says: '—' },
  },
  // A caller's own AbortController fired.
  'caller-cancel': {
    'stripe-docs': { class: null, says: 'nothing on a request the caller cancelled' },
    'stripe-node': { class: null, says: 'no way to cancel a request in 23.1.0: its Node client takes no signal' },
    undici: {
      class: null,
      says: 'an aborted request is never retried (onResponseError: controller.aborted); nothing said of the effect',
    },
    'aws-sdk': {
      class: null,
      says: 'AbortError is not transient (removed from the list, c03ce2aa): never retried, nothing said of the effect',
    },
    'aip-194': {
      class: null,
      says: 'CANCELLED: "An application can cancel a request, which must be honored": never retried; nothing said of the effect',
    },
    'openai-node': { class: null, says: 'thrown as APIUserAbortError, never retried; nothing said of the effect' },
  },
  // undici's own headersTimeout, no signal.
  'headers-timeout': {
    'stripe-docs': { class: 'ambiguous', says: 'a connection error: repeat under the same key' },
    'stripe-node': { class: 'ambiguous', says: `no response (_shouldRetry: !res): retried ${KEYED}` },
    undici: { class: null, says: 'UND_ERR_HEADERS_TIMEOUT is not in errorCodes: never retried, for any method' },
    'aws-sdk': {
      class: null,
      says: 'not transient: neither HeadersTimeoutError nor UND_ERR_HEADERS_TIMEOUT is listed (its own timeouts are TimeoutError)',
    },
    'aip-194': {
      class: 'ambiguous',
      says: 'DEADLINE_EXCEEDED: never retried; "may be returned even if the operation has completed successfully"',
    },
    'openai-node': {
      class: 'not-sent',
      says: 'UND_ERR_HEADERS_TIMEOUT named: a connection timeout, retried, POST included, no key',
    },
  },
  // undici's own bodyTimeout, no signal.
  'body-timeout': {
    'stripe-docs': { class: 'ambiguous', says: 'a connection error: repeat under the same key' },
    'stripe-node': {
      class: null,
      says: 'the status was read and judged; a body that fails is reported (StripeConnectionError), never retried',
    },
    undici: { class: null, says: 'UND_ERR_BODY_TIMEOUT is not in errorCodes: never retried, for any method' },
    'aws-sdk': { class: null, says: 'not transient: neither BodyTimeoutError nor UND_ERR_BODY_TIMEOUT is listed' },
    'aip-194': {
      class: 'ambiguous',
      says: 'DEADLINE_EXCEEDED: never retried; "may be returned even if the operation has completed successfully"',
    },
    'openai-node': {
      class: null,
      says: 'a body that fails is thrown as is, not retried (only its own timeout retries a body read)',
    },
  },
  // Headers came, then the connection closed.
  'body-cut': {
    'stripe-docs': { class: 'ambiguous', says: 'a connection error: repeat under the same key' },
    'stripe-node': {
      class: null,
      says: 'the status was read and judged; a body that fails is reported (StripeConnectionError), never retried',
    },
    undici: {
      class: 'ambiguous',
      says: 'UND_ERR_SOCKET retryable, resumed with a Range request, for idempotent methods only',
    },
    'aws-sdk': {
      class: 'not-sent',
      says: "node:http's cut (aborted, ECONNRESET) is transient: retried (fetch's, UND_ERR_SOCKET, is not listed)",
    },
    'aip-194': {
      class: 'ambiguous',
      says: 'data sent, then the connection broke: UNAVAILABLE, retried only where a repeat changes nothing',
    },
    'openai-node': {
      class: null,
      says: 'a body that fails is thrown as is, not retried (only its own timeout retries a body read)',
    },
  },
  // A gateway's 502 page (HTML).
  'status-502': {
    'stripe-docs': { class: null, says: 'the 5xx rows of the status table were not in the stored copy' },
    'stripe-node': {
      class: 'ambiguous',
      says: `>= 500 retried ${KEYED} (a gateway's page has no Stripe-Should-Retry)`,
    },
    undici: { class: 'ambiguous', says: '502 retryable for idempotent methods only' },
    'aws-sdk': { class: 'not-sent', says: '502 is a transient status: retried' },
    'aip-194': {
      class: 'ambiguous',
      says: 'the intermediary table maps 502 to UNAVAILABLE: retried only where a repeat changes nothing',
    },
    'openai-node': { class: 'not-sent', says: '>= 500 retried, no key' },
  },
}
