// What PayPal's own answers mean for the effect,
// before the reference's generic reading. Only
// PayPal's shapes: { name, debug_id, details },
// or the session's missing token (docs/vendors.md).
import type { MappingClass, Observed } from '../../../harness/contract/mapping.ts'

type Body = {
  name?: unknown
  debug_id?: unknown
  details?: { issue?: unknown }[]
  purchase_units?: { payments?: { captures?: { status?: unknown }[] } }[]
}

export function readPaypal(observed: Observed): MappingClass | null {
  // No token, so the request never left (P2).
  if ('error' in observed)
    return (observed.error as { name?: unknown } | null)?.name === 'PaypalTokenUnavailable' ? 'not-sent' : null
  const { status } = observed.response
  const b = observed.response.body as Body | null
  if (status >= 200 && status < 300) {
    // A one-step order can complete with its
    // capture DECLINED: no money moved (P13).
    const capture = b?.purchase_units?.[0]?.payments?.captures?.[0]?.status
    return capture === 'DECLINED' || capture === 'FAILED' ? 'rejected' : null
  }
  if (typeof b?.name !== 'string' || !/^[A-Z_]+$/.test(b.name)) return null
  // AUTHENTICATION_FAILURE comes without debug_id.
  if (typeof b.debug_id !== 'string' && b.name !== 'AUTHENTICATION_FAILURE') return null
  switch (b.name) {
    // "might fail the second request" (P7): the
    // first may still land; only a look can tell.
    case 'RESOURCE_CONFLICT':
      return 'ambiguous'
    case 'RATE_LIMIT_REACHED':
      return 'not-sent'
    case 'INVALID_REQUEST':
    case 'UNPROCESSABLE_ENTITY':
    case 'RESOURCE_NOT_FOUND':
    case 'NOT_AUTHORIZED':
    case 'AUTHENTICATION_FAILURE':
      return 'rejected'
    // PayPal: retry a 5xx under the same id (P6).
    case 'INTERNAL_SERVER_ERROR':
    case 'SERVICE_UNAVAILABLE':
      return 'ambiguous'
    default:
      return null
  }
}
