// The PayPal SDK's errors, from its own source
// (and @apimatic/core's, which it is built on).
import type { ClientInventory } from './inventory.ts'
import { rows, none, RESETS, OWN_TIMEOUTS, CANCEL, GATEWAY_5XX, STATUS_4XX } from './shared.ts'

export const PAYPAL: ClientInventory = {
  client: 'paypal',
  package: '@paypal/paypal-server-sdk (@apimatic/core 0.10, axios through @apimatic/axios-client-adapter)',
  version: '2.5.0',
  read: [
    'node_modules/@paypal/paypal-server-sdk/dist/cjs/controllers/paymentsController.js',
    'node_modules/@paypal/paypal-server-sdk/dist/cjs/errors/',
    'node_modules/@paypal/paypal-server-sdk/dist/cjs/client.js',
    'node_modules/@apimatic/core/lib/errors/',
    'node_modules/@apimatic/core/lib/http/requestBuilder.js',
    'node_modules/@apimatic/axios-client-adapter/src/httpClient.ts',
  ],
  errors: [
    {
      ids: ['CustomError'],
      shows:
        'CustomError (name Error): <the message the operation names, or "The error response."> status N <details[0].issue>',
      where:
        'paymentsController.js refundCapturedPayment: throwOn(400, 401, 403, 404, 409, 422, CustomError) and defaultToError(CustomError); requestBuilder.js loads `result` (the parsed body) only for throwOn statuses',
      produced: rows(
        ...STATUS_4XX,
        'server-fails-before-apply.503',
        'error-response.503',
        'gateway-timeout.finishes',
        'gateway-timeout.dies',
        'gateway-error.502.acted',
        'gateway-error.502.not-reached',
        'gateway-error.503.acted',
        'gateway-error.503.not-reached',
      ),
    },
    {
      ids: ['ApiError'],
      shows: 'ApiError (name Error): status 500 (no result: loadResult is skipped for ApiError itself)',
      where: 'paymentsController.js: throwOn(500, ApiError); @apimatic/core lib/errors/apiError.js',
      produced: rows('server-fails-before-apply.500', ...GATEWAY_5XX.filter((r) => r.startsWith('gateway-error.500'))),
    },
    {
      ids: ['AxiosError'],
      shows:
        'AxiosError: timeout of 10000ms exceeded [ECONNABORTED]; AxiosError (name Error): socket hang up [ECONNRESET] ← …; AxiosError: stream has been aborted [ERR_BAD_RESPONSE] status 2xx',
      where:
        '@apimatic/axios-client-adapter httpClient.ts executeRequest: every axios error but a cancel is rethrown as is (validateStatus accepts every status, so no 4xx/5xx AxiosError)',
      produced: rows('connection-refused', 'dns-failure', ...RESETS, ...OWN_TIMEOUTS, 'body-cut', 'body-stall'),
    },
    {
      ids: ['AbortError'],
      shows: 'AbortError (name Error): The HTTP call was aborted.',
      where:
        "httpClient.ts executeRequest: the caller's abortSignal cancels axios's cancelToken; axios.isCancel → new AbortError (@apimatic/core lib/errors/abortError.js)",
      produced: rows(...CANCEL),
    },
    {
      ids: ['OAuthProviderError'],
      shows: 'OAuthProviderError: … (the token endpoint refused the credentials)',
      where: 'errors/oAuthProviderError.js; oAuthAuthorizationController.js requestToken',
      produced: none(
        'service-verdict',
        "the OAuth token endpoint's refusal (bad client id or secret): no refund was sent; the cells fetch their token at boot",
      ),
    },
    {
      ids: ['ArgumentsValidationError'],
      shows: 'ArgumentsValidationError: … (the arguments fail the schema)',
      where: '@apimatic/core lib/errors/argumentsValidationError.js: prepareArgs',
      produced: none('caller', "the caller's arguments, before any request"),
    },
    {
      ids: ['ResponseValidationError'],
      shows: 'ResponseValidationError: … (a 2xx body that fails the schema)',
      where: '@apimatic/core lib/errors/responseValidationError.js: callAsJson',
      produced: none('gap', "a 2xx whose JSON does not match the SDK's schema: no row answers one"),
    },
    {
      ids: ['DefaultError', 'SearchError', 'SubscriptionError'],
      shows: 'DefaultError …',
      where: 'errors/defaultError.js, searchError.js, subscriptionError.js: other controllers',
      produced: none(
        'unused-feature',
        'vault, transaction search and subscriptions; a refund is the payments controller',
      ),
    },
  ],
}
