// WRONG: any 5xx — a gateway's 504 included — read as "rejected".
//
// "The server errored, so nothing happened." But a 504 comes from a gateway
// that gave up waiting, while the upstream may finish the request a second
// later (gateway-timeout.finishes). The executor reports FAILED_NO_EFFECT for a
// refund that lands: a false failure.
//
// Dangerous cells: every proxy's page — gateway-timeout.finishes and .dies,
// gateway-error.502/.500/.503 after the upstream acted or before (each pair
// looks the same) — for fetch, node:http, axios and resend, and resend's
// server-fails-before-apply.500 (it shows a proxy's 500 as Resend's own):
// false failure.
// (stripe-node turns the gateway's HTML page into "Invalid JSON received from
// the Stripe API" with no status, so this rule never sees it.)
//
// Among the vendors' SDKs: every proxy's page for all four, and the service's own
// 503s and 500 for paypal and sendgrid, whose SDKs show them like a proxy's.
import type { ExceptionMapping } from '../../faultline/index.ts'
import correct, { statusOf } from './correct.ts'

const mapping: ExceptionMapping = (observed) => {
  const status = statusOf(observed)
  return observed.request.purpose === 'send' && status !== null && status >= 500 ? 'rejected' : correct(observed)
}

export default mapping
