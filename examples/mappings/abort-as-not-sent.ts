// WRONG: a caller's own cancellation read as "not sent".
//
// "We aborted it ourselves, so it never went through: send it again." But the
// abort only stops the waiting. A user pressed stop while the refund was
// already with the payment service; the service committed it a few seconds
// later (caller-cancel.in-flight). The agent, told "not sent", refunds again —
// a second refund wherever the key does not save it (a new key per ask, a
// volatile key store, a key past its 24 h) — and, when its resends run out,
// reports "not done" for a refund that was made.
//
// Dangerous cells: caller-cancel.before-send and caller-cancel.in-flight, for
// fetch (DOMException AbortError), node:http (AbortError [ABORT_ERR]) and axios
// (CanceledError [ERR_CANCELED]): duplicate effect. The two rows look the same
// to a client, so neither can be "not sent". (resend-node swallows the abort
// into `{ statusCode: null }`, which this rule does not read; stripe-node takes
// no signal.)
//
// Among the vendors' SDKs: the SES client (AbortError: Request aborted); square
// and paypal wrap the abort in errors of their own (SquareError, AbortError named
// Error), which this rule does not read; @sendgrid/mail takes no signal.
import type { ExceptionMapping, Observed } from '../../faultline/index.ts'
import correct, { codesOf, errorOf } from './correct.ts'

/** fetch's and node:http's AbortError, axios's CanceledError. */
function isCallerAbort(observed: Observed): boolean {
  const e = errorOf(observed) as { name?: unknown } | null
  return e?.name === 'AbortError' || codesOf(e).some((c) => c === 'ABORT_ERR' || c === 'ERR_CANCELED')
}

const mapping: ExceptionMapping = (observed) =>
  observed.request.purpose === 'send' && isCallerAbort(observed) ? 'not-sent' : correct(observed)

export default mapping
