// WRONG: an answer that broke off mid-body read as "not sent".
//
// "The request was aborted, so nothing happened: send it again." The clients'
// words for a body that stopped coming sound like a cancelled request — fetch's
// `TypeError: terminated`, node:http's `Error: aborted`, axios's "stream has
// been aborted" (code ERR_BAD_RESPONSE, the code axios also gives a 5xx),
// stripe-node's "Failed to read the response body" — but the status line and
// headers had come: the server had acted. A proxy that drops the connection
// while the 200 streams makes the executor refund twice (a resend under a new
// key), or give up on a refund that landed.
//
// Dangerous cells: body-cut for fetch, node:http, axios and stripe-node, and
// body-stall for node:http, axios and stripe-node (their timeout during a body
// reads the same): duplicate effect. (resend's SDK hides which it was:
// `statusCode: null`, as for any network error. fetch's stall is its own
// TimeoutError.)
//
// Among the vendors' SDKs: body-cut for square (SquareError: terminated) and
// paypal (axios's words), body-stall for paypal, and square's stall past undici's
// default (undici-body-timeout.defaults, SquareError: terminated).
import type { ExceptionMapping } from '../../faultline/index.ts'
import correct, { errorOf } from './correct.ts'

/** What each client says when a body broke off. */
const BODY_BROKE = new Set(['terminated', 'aborted', 'stream has been aborted', 'Failed to read the response body'])

const mapping: ExceptionMapping = (observed) =>
  observed.request.purpose === 'send' && brokeOff(errorOf(observed)) ? 'not-sent' : correct(observed)

/** The error, or stripe-node's `detail`, says the body broke off. */
function brokeOff(error: unknown): boolean {
  const e = error as { message?: unknown; detail?: { message?: unknown } } | null
  return BODY_BROKE.has(String(e?.message)) || BODY_BROKE.has(String(e?.detail?.message))
}

export default mapping
