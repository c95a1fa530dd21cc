// WRONG: a connection reset read as "not sent".
//
// "The connection dropped, so the request never got through: send it again."
// But a reset also comes after the server acted (reset-after-effect): the
// executor sends the refund again — a duplicate refund wherever the key does
// not save it (a volatile key store, a key past its 24 h) — and, when its
// resends run out, reports "not done" for a refund that was made.
//
// Dangerous cells: reset-after-effect, and the resets that look the same
// (server-fails-before-apply.reset, service-restart), for fetch, node:http,
// axios and stripe-node: duplicate effect. For node:http also every client
// timeout (latency.past-timeout, late-delivery, dropped, withhold-after-effect):
// a node:http request destroyed by its own timeout is a "socket hang up" too.
// And a body cut short after the server acted (body-cut: fetch, node:http,
// stripe-node; body-stall: node:http's `aborted`) is a reset to them.
//
// Among the vendors' SDKs: the resets for all four, and body-cut for square,
// the SES client and sendgrid.
import type { ExceptionMapping } from '../../faultline/index.ts'
import correct, { isReset } from './correct.ts'

const mapping: ExceptionMapping = (observed) =>
  observed.request.purpose === 'send' && isReset(observed) ? 'not-sent' : correct(observed)

export default mapping
