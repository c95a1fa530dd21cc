// WRONG: a reconciliation probe that timed out read as "applied".
//
// "We sent it, and we could not check, so it probably went through." The look
// was made because the send's outcome was unknown; a look that times out
// leaves it exactly as unknown. The executor reports SUCCEEDED for a refund
// that was never made — the send had been dropped (probe-timeout.no-effect): a
// false success, and a customer told their money is on its way.
//
// Dangerous cells: probe-timeout.no-effect and probe-timeout.after-effect (the
// two look the same) for fetch, axios and stripe-node: false success.
// (node:http's timeout is a plain "socket hang up" and resend's a
// `{ statusCode: null }`: nothing says "timeout" to this rule.)
//
// Among the vendors' SDKs: paypal (axios's ECONNABORTED) and the SES client
// (TimeoutError); square's timeout is SquareError: "timeout", no TimeoutError.
import type { ExceptionMapping } from '../../faultline/index.ts'
import correct, { isTimeout } from './correct.ts'

const mapping: ExceptionMapping = (observed) =>
  observed.request.purpose === 'probe' && isTimeout(observed) ? 'applied' : correct(observed)

export default mapping
