// WRONG: a 502 Bad Gateway read as "not sent".
//
// "502 means the proxy could not reach the service, so nothing happened: send
// it again." But a proxy also answers 502 when the upstream closed its
// connection after it acted (nginx: "upstream prematurely closed connection";
// an ALB: the target closed the connection with an outstanding request): the
// refund went through behind the proxy (gateway-error.502.acted). The executor
// sends it again — a duplicate refund wherever the key does not save it (a
// volatile key store, a key past its 24 h) — and, when its resends run out
// (the proxy still failing), reports "not done" for a refund that was made.
//
// Dangerous cells: gateway-error.502.acted and gateway-error.502.not-reached
// (the two look the same) for fetch, node:http, axios and resend: duplicate
// effect. (stripe-node turns the proxy's HTML page into "Invalid JSON received
// from the Stripe API" with no status, so this rule never sees it.)
//
// Among the vendors' SDKs: all four (square's and paypal's statusCode, the SES
// client's $metadata.httpStatusCode on its SyntaxError, sendgrid's numeric code).
import type { ExceptionMapping } from '../../faultline/index.ts'
import correct, { statusOf } from './correct.ts'

const mapping: ExceptionMapping = (observed) =>
  observed.request.purpose === 'send' && statusOf(observed) === 502 ? 'not-sent' : correct(observed)

export default mapping
