// The SES v2 client's errors, from its own
// source and its HTTP handler's (smithy).
import type { ClientInventory } from './inventory.ts'
import { rows, none, RESETS, OWN_TIMEOUTS, CANCEL, GATEWAY_HTML, CONNECT_GAP } from './shared.ts'

export const SES: ClientInventory = {
  client: 'ses',
  package: '@aws-sdk/client-sesv2 (@smithy/node-http-handler 4.14.2, @smithy/core 3.41.1)',
  version: '3.1169.0',
  read: [
    'node_modules/@aws-sdk/client-sesv2/dist-cjs/index.js',
    'node_modules/@aws-sdk/client-sesv2/dist-types/commands/SendEmailCommand.d.ts',
    'node_modules/@smithy/node-http-handler/dist-cjs/index.js',
    'node_modules/@smithy/core/dist-cjs/submodules/serde/index.js (deserializerMiddleware)',
  ],
  errors: [
    {
      ids: ['TimeoutError'],
      shows:
        'Error (name TimeoutError): @smithy/node-http-handler - [ERROR] a request has exceeded the configured 10000 ms requestTimeout. [ETIMEDOUT]; … the request socket timed out after 10000 ms of inactivity; and a reset: Error (name TimeoutError): socket hang up [ECONNRESET]',
      where:
        'node-http-handler setRequestTimeout (throwOnRequestTimeout), setSocketTimeout, setConnectionTimeout; req.on("error"): ECONNRESET, EPIPE, ETIMEDOUT renamed TimeoutError (NODEJS_TIMEOUT_ERROR_CODES)',
      produced: rows(...OWN_TIMEOUTS, 'body-stall', ...RESETS),
    },
    {
      ids: ['AbortError'],
      shows: 'Error (name AbortError): Request aborted ← DOMException (name AbortError)',
      where: "node-http-handler buildAbortError: the caller's abortSignal",
      produced: rows(...CANCEL),
    },
    {
      ids: ['Error (node)'],
      shows: 'Error: connect ECONNREFUSED … / getaddrinfo ENOTFOUND … / aborted [ECONNRESET] status 200',
      where:
        'node-http-handler req.on("error"): any other code as is; a body cut while read by the deserializer gets $metadata (its 200) from deserializerMiddleware',
      produced: rows('connection-refused', 'dns-failure', 'body-cut'),
    },
    {
      ids: ['SyntaxError'],
      shows: "SyntaxError: Unexpected token '<', \"<html>… is not valid JSON status 5xx",
      where:
        "a proxy's HTML page fails the JSON error parser; deserializerMiddleware attaches $metadata.httpStatusCode and the hidden $response",
      produced: rows(...GATEWAY_HTML),
    },
    {
      ids: ['TooManyRequestsException'],
      shows: 'TooManyRequestsException: Maximum sending rate exceeded. status 429',
      where: 'dist-cjs/index.js de_TooManyRequestsExceptionRes (x-amzn-ErrorType)',
      produced: rows('error-response.429'),
    },
    {
      ids: ['BadRequestException'],
      shows: "BadRequestException: Missing final '@domain'. status 400",
      where: 'dist-cjs/index.js de_BadRequestExceptionRes',
      produced: rows('error-response.400'),
    },
    {
      ids: ['SESv2ServiceException'],
      shows:
        'SESv2ServiceException (name ServiceUnavailable | InternalFailure | …): … status 5xx (a name the model does not declare)',
      where: 'dist-cjs/index.js de_CommandError → throwDefaultError: the name from x-amzn-ErrorType',
      produced: rows('server-fails-before-apply.503', 'server-fails-before-apply.500', 'error-response.503'),
    },
    {
      ids: [
        'AccountSuspendedException',
        'LimitExceededException',
        'MailFromDomainNotVerifiedException',
        'MessageRejected',
        'NotFoundException',
        'SendingPausedException',
      ],
      shows: 'MessageRejected: … status 400',
      where: 'dist-cjs/index.js; SendEmailCommand.d.ts @throws',
      produced: none(
        'service-verdict',
        'the account or the message refused (suspended, paused, unverified sender, over a quota): nothing sent, as for the 400 row',
      ),
    },
    {
      ids: [
        'AlreadyExistsException',
        'ConcurrentModificationException',
        'ConflictException',
        'InternalServiceErrorException',
        'InvalidNextTokenException',
      ],
      shows: 'ConflictException …',
      where: 'dist-cjs/index.js: the other operations (identities, lists, contacts, pages)',
      produced: none('unused-feature', 'not declared by SendEmail or GetMessageInsights'),
    },
    {
      ids: ['EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN'],
      shows: 'Error: connect EHOSTUNREACH …',
      where: 'node-http-handler req.on("error")',
      produced: none('gap', CONNECT_GAP),
    },
  ],
}
