// The stripe client's errors, from its own source.
import type { ClientInventory } from './inventory.ts'
import { rows, none, RESETS, OWN_TIMEOUTS, GATEWAY_HTML, STATUS_5XX_JSON, KEY_REUSED } from './shared.ts'

export const STRIPE: ClientInventory = {
  client: 'stripe',
  package: 'stripe-node (its default Node HTTP client)',
  version: '23.1.0',
  read: [
    'node_modules/stripe/esm/Error.js',
    'node_modules/stripe/esm/RequestSender.js',
    'node_modules/stripe/esm/net/NodeHttpClient.js',
    'node_modules/stripe/esm/net/HttpClient.js',
  ],
  errors: [
    {
      ids: ['StripeConnectionError'],
      shows:
        'StripeConnectionError (name Error): An error occurred with our connection to Stripe. [Request was retried 1 times.] ← the Node error (detail)',
      where:
        'RequestSender.js _generateConnectionError L176-L186; a closed connection (ECONNRESET, EPIPE) retried once first (_shouldRetry)',
      produced: rows('connection-refused', 'dns-failure', ...RESETS),
    },
    {
      ids: ['StripeConnectionError (timeout)', 'ETIMEDOUT'],
      shows: 'StripeConnectionError: Request aborted due to timeout being reached (10000ms) ← TypeError: ETIMEDOUT',
      where:
        'net/NodeHttpClient.js makeRequest L44 req.setTimeout → HttpClient.makeTimeoutError; RequestSender.js L182',
      produced: rows(...OWN_TIMEOUTS, 'body-stall'),
    },
    {
      ids: ['HttpClientResponseBodyError'],
      shows:
        'StripeConnectionError: An error occurred with our connection to Stripe. ← HttpClientResponseBodyError: Failed to read the response body [ECONNRESET | ETIMEDOUT]',
      where:
        "net/NodeHttpClient.js toJSON L82 (the response's 'error' / 'close' before complete); RequestSender.js L137",
      produced: rows('body-cut', 'body-stall'),
    },
    {
      ids: ['StripeAPIError'],
      shows:
        'StripeAPIError: <the body\'s message> status 5xx / 409; or "Invalid JSON received from the Stripe API" (no status)',
      where:
        'Error.js generateV1Error (any status but 400/401/402/403/404/429); RequestSender.js L139 (a body that is not JSON)',
      produced: rows(...STATUS_5XX_JSON, 'error-response.409', 'key-in-use.in-flight', ...GATEWAY_HTML),
    },
    {
      ids: ['StripeInvalidRequestError'],
      shows: 'StripeInvalidRequestError: … status 400',
      where: 'Error.js generateV1Error: 400 or 404',
      produced: rows('error-response.400'),
    },
    {
      ids: ['StripeRateLimitError'],
      shows: 'StripeRateLimitError: … [rate_limit] status 429',
      where: 'Error.js generateV1Error: 429, or 400 with code rate_limit',
      produced: rows('error-response.429'),
    },
    {
      ids: ['HPE_*', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'AggregateError', 'TLS', 'read ECONNRESET', 'EPIPE'],
      shows: 'StripeConnectionError: An error occurred with our connection to Stripe. ← the Node error',
      where: 'RequestSender.js L484: any other request error',
      produced: none('gap', 'the node:http gaps, wrapped (an RST and EPIPE are retried once first)'),
    },
    {
      ids: ['StripeIdempotencyError'],
      shows:
        'StripeIdempotencyError: Keys for idempotent requests can only be used with the same parameters … status 400',
      where: 'Error.js generateV1Error: 400 with type idempotency_error',
      produced: rows(KEY_REUSED),
    },
    {
      ids: ['StripeCardError', 'StripeAuthenticationError', 'StripePermissionError'],
      shows: 'StripeCardError … status 402 / 401 / 403',
      where: 'Error.js generateV1Error',
      produced: none(
        'service-verdict',
        'a declined card, a bad key, a missing permission: nothing done, as for the 400 row',
      ),
    },
    {
      ids: ['StripeError'],
      shows: 'StripeError: Unable to authenticate the request',
      where: "Error.js L106 (the base class); RequestSender.js L489: the caller's authenticator failed",
      produced: none('caller', 'raised as such only when a custom authenticator fails, before the request'),
    },
    {
      ids: [
        'StripeOAuthError',
        'StripeInvalidGrantError',
        'StripeInvalidClientError',
        'StripeOAuthInvalidRequestError',
        'StripeInvalidScopeError',
        'StripeUnsupportedGrantTypeError',
        'StripeUnsupportedResponseTypeError',
      ],
      shows: 'StripeInvalidGrantError …',
      where: 'Error.js generateOAuthError',
      produced: none('unused-feature', 'Connect OAuth (connect.stripe.com/oauth/token), not the payments API'),
    },
    {
      ids: [
        'AlreadyCanceledError',
        'BlockedByStripeError',
        'CannotProceedError',
        'CapabilityNotEnabledError',
        'ControlledByAlternateResourceError',
        'FeatureNotEnabledError',
        'FinancialAccountNotOpenError',
        'FxQuoteNeedsRefreshError',
        'InsufficientFundsError',
        'InvalidPaymentMethodError',
        'InvalidPayoutMethodError',
        'InvalidVaultedCredentialError',
        'NotCancelableError',
        'QuotaExceededError',
        'RateLimitError',
        'RecipientNotNotifiableError',
        'TemporarySessionExpiredError',
        'VerificationAttemptFailedError',
        'VerificationExpiredError',
        'VerificationNotInitiatedError',
      ],
      shows: 'AlreadyCanceledError …',
      where: 'Error.js generateV2Error',
      produced: none('unused-feature', 'the v2 API only; a refund is a v1 request'),
    },
    {
      ids: ['StripeSignatureVerificationError'],
      shows: 'StripeSignatureVerificationError',
      where: 'Error.js; Webhooks.js',
      produced: none('unused-feature', 'webhook signature checks: no request'),
    },
    {
      ids: ['HttpClientRuntimeError'],
      shows: 'HttpClientRuntimeError: Stripe: This entrypoint only supports …',
      where: 'net/HttpClient.js L72; net/EndpointFetchHttpClient.js',
      produced: none('unused-feature', 'the Stripe Script runtime client, not the default Node client'),
    },
  ],
}
