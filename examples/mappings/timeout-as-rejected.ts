// WRONG: any timeout read as "rejected".
//
// "It timed out, so it failed: tell the agent it was not done." But a request
// the client gave up on may still land — held in the network and delivered late
// (late-delivery), slower than the client waits (latency.past-timeout), or
// already applied with its answer lost (withhold-after-effect). The executor
// reports FAILED_NO_EFFECT for a refund that happens: a false failure, and an
// agent that asks again on the strength of it.
//
// Dangerous cells: latency.past-timeout, late-delivery, dropped and
// withhold-after-effect, for fetch, axios and stripe-node; body-stall for fetch
// and stripe-node; undici's own headers and body timeouts for fetch: false
// failure.
// (node:http and resend show no timeout to recognise: the first a "socket hang
// up", the second `{ statusCode: null }`.)
//
// Among the vendors' SDKs: the client timeouts for paypal, ses and sendgrid (not
// square: SquareError: "timeout"), body-stall for ses and sendgrid, square's
// stall past undici's default, and every reset for the SES client, which names
// ECONNRESET a TimeoutError (@smithy/node-http-handler).
import type { ExceptionMapping } from '../../faultline/index.ts'
import correct, { isTimeout } from './correct.ts'

const mapping: ExceptionMapping = (observed) =>
  observed.request.purpose === 'send' && isTimeout(observed) ? 'rejected' : correct(observed)

export default mapping
