// WRONG: everything that is not a 2xx read as "not sent".
//
// "It did not succeed, so it did not happen: try again." The most common
// mapping of all, and the one that duplicates the most: every reset, timeout,
// gateway 504 and "key in use" 409 after which the effect exists (or will) is
// sent again, and every failed look is taken for "not there". With the same
// key the service usually replays instead of acting twice, so the incident
// shows as a report of "not done" for a refund that was made — until a key is
// forgotten, and the refund goes out twice.
//
// Dangerous cells (duplicate effect): reset-after-effect, withhold-after-effect,
// late-delivery, latency.past-timeout, gateway-timeout.finishes, a proxy's
// page after the upstream acted (gateway-error.*.acted), a body cut or stalled,
// undici's own timeouts, a caller's cancel in flight,
// key-in-use.in-flight, probe-timeout.after-effect — and every row a client
// cannot tell from them — for every client.
//
// Among the vendors' SDKs: the same rows for each, where they apply.
import type { ExceptionMapping } from '../../faultline/index.ts'

const mapping: ExceptionMapping = (observed) =>
  'response' in observed && observed.response.status >= 200 && observed.response.status < 300 ? 'applied' : 'not-sent'

export default mapping
