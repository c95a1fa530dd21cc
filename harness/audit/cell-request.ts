// What every cell's client asks, whichever
// client: the payment it refunds, the amounts,
// and how a caller cancels (clients.ts and
// vendor-clients.ts share it).
import type { ClientSetup } from './cases.ts'

/** The payment intent every payments cell refunds (seeded by the cell's scenario). */
export const AUDIT_PAYMENT_INTENT = 'pi_audit'
/** The refund's amount, and the changed request's (minor units). */
export const REFUND_MINOR = 4990
export const CHANGED_MINOR = 4000

/**
 * Runs `call` as its caller would: for
 * caller-cancel, with an AbortController
 * aborted `afterMs` in (a user pressing
 * stop); disarmed once the call settles.
 */
export async function asCaller<T>(
  setup: ClientSetup,
  call: (caller: AbortSignal | undefined) => Promise<T>,
): Promise<T> {
  if (setup.kind !== 'caller-cancel') return call(undefined)
  const caller = new AbortController()
  const timer = setTimeout(() => caller.abort(), setup.afterMs)
  try {
    return await call(caller.signal)
  } finally {
    clearTimeout(timer)
  }
}
