// The reference's exception mapping (rule 3):
// not-sent and rejected are certain; all else,
// even what it does not know, is ambiguous.
import type { ExceptionMapping } from '../../harness/contract/mapping.ts'
import { errorCode } from './tools/observation.ts'
import { readPaypal } from './vendors/paypal-reading.ts'
import { readSendgrid } from './vendors/sendgrid-reading.ts'
import { readSes } from './vendors/ses-reading.ts'
import { readSquare } from './vendors/square-reading.ts'

/** Codes that prove the request never left. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH'])

/** Each vendor's own answers, read first. */
const VENDOR_READINGS = [readSquare, readPaypal, readSes, readSendgrid]

export const referenceMapping: ExceptionMapping = (observed) => {
  // A failed probe tells nothing about the effect.
  if (observed.request.purpose === 'probe') return 'ambiguous'
  for (const read of VENDOR_READINGS) {
    const c = read(observed)
    if (c !== null) return c
  }
  if ('error' in observed) return NOT_SENT_CODES.has(errorCode(observed.error) ?? '') ? 'not-sent' : 'ambiguous'
  const { status, body } = observed.response
  if (status >= 200 && status < 300) return 'applied'
  // A used key (Resend's 409 "other payload",
  // Stripe's 400 idempotency_error): this send did
  // nothing, but the key's first may have; a 409
  // in flight may yet land. Look, by the key.
  if (status === 409) return 'ambiguous'
  if ((body as { error?: { type?: string } } | null)?.error?.type === 'idempotency_error') return 'ambiguous'
  // Refused before processing (wait: its Retry-After).
  if (status === 429) return 'not-sent'
  // 400/402/404/422: refused as it stands (Stripe does
  // not store these under the key: nothing happened).
  if (status >= 400 && status < 500 && status !== 408) return 'rejected'
  return 'ambiguous'
}

export default referenceMapping
