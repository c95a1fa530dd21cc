// WRONG: undici's own timeouts read as "not sent".
//
// "undici gave up on its own (UND_ERR_HEADERS_TIMEOUT, UND_ERR_BODY_TIMEOUT):
// the server never got to it, send it again." A team's fetch carried no signal,
// only an Agent({ headersTimeout: 10_000 }) — or nothing, and undici's 300 s
// defaults. The payment service had committed the refund and its answer never
// came (withhold-after-effect), or its body stalled after the 200 (body-stall).
// The agent, told "not sent", refunds again — a second refund wherever the key
// does not save it (a new key per ask, a volatile key store, a key past its
// 24 h) — and, when its resends run out, reports "not done" for a refund that
// was made.
//
// Dangerous cells: undici-headers-timeout.defaults, .agent and .no-effect (a
// dropped request raises the same error, so none of them can be "not sent"),
// undici-body-timeout and undici-body-timeout.defaults, for fetch: duplicate
// effect. (resend-node swallows the error into `{ statusCode: null }`, which
// this rule does not read; node:http, axios and stripe-node never raise them.)
//
// Among the vendors' SDKs: square's stall past undici's default bodyTimeout
// (undici-body-timeout.defaults): its own timeout ends at the headers.
import type { ExceptionMapping, Observed } from '../../faultline/index.ts'
import correct, { codesOf, errorOf } from './correct.ts'

/** undici's HeadersTimeoutError, BodyTimeoutError: anywhere on the cause chain. */
function isUndiciTimeout(observed: Observed): boolean {
  return codesOf(errorOf(observed)).some((c) => c === 'UND_ERR_HEADERS_TIMEOUT' || c === 'UND_ERR_BODY_TIMEOUT')
}

const mapping: ExceptionMapping = (observed) =>
  observed.request.purpose === 'send' && isUndiciTimeout(observed) ? 'not-sent' : correct(observed)

export default mapping
