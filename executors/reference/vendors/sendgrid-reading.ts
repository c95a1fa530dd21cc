// What SendGrid's own answers to POST
// /v3/mail/send mean for the e-mail, before the
// generic reading (docs/vendors.md G1, G4–G7).
import type { MappingClass, Observed } from '../../../harness/contract/mapping.ts'

/** SendGrid's path: no other vendor's. */
const MAIL_SEND = /\/v3\/mail\/send\/?$/

/** `{ errors: [...] }`: SendGrid's own answer, not a proxy's page. */
function isSendgridError(body: unknown): boolean {
  return Array.isArray((body as { errors?: unknown } | null)?.errors)
}

export function readSendgrid(observed: Observed): MappingClass | null {
  if (!('response' in observed) || observed.request.purpose !== 'send') return null
  let path: string
  try {
    path = new URL(observed.request.url).pathname
  } catch {
    return null
  }
  if (!MAIL_SEND.test(path)) return null
  const { status, body } = observed.response
  // Queued: the e-mail is out of our hands (G1).
  if (status === 202) return 'applied'
  // Sandbox mode: valid, never queued (G7).
  if (status === 200) return 'rejected'
  if (!isSendgridError(body)) return null
  // Refused before queueing: wait, resend (G5).
  if (status === 429) return 'not-sent'
  // 400/401/403/413…: refused as it stands (G3, G4).
  if (status >= 400 && status < 500 && status !== 408) return 'rejected'
  // Its 500/503: it may have queued it (G6).
  return 'ambiguous'
}
