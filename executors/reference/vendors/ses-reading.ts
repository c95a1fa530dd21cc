// What SES v2's own answers mean for the effect
// (docs/vendors.md A4, A5), before the generic
// reading: an SES answer names its error in
// `x-amzn-ErrorType`; an accepted send has a
// MessageId. Anything else: not SES's (null).
import type { MappingClass, Observed } from '../../../harness/contract/mapping.ts'

/**
 * By error name. A 5xx may follow a send SES
 * made: ambiguous. LimitExceededException the
 * SDK retries as throttling, but SES calls it a
 * refusal; read as one (the safe side).
 */
const BY_NAME: Readonly<Record<string, MappingClass>> = {
  TooManyRequestsException: 'not-sent',
  ThrottlingException: 'not-sent',
  LimitExceededException: 'rejected',
  BadRequestException: 'rejected',
  MessageRejected: 'rejected',
  AccountSuspendedException: 'rejected',
  SendingPausedException: 'rejected',
  MailFromDomainNotVerifiedException: 'rejected',
  NotFoundException: 'rejected',
  MissingAuthenticationTokenException: 'rejected',
  AccessDeniedException: 'rejected',
  InternalFailure: 'ambiguous',
  InternalServiceErrorException: 'ambiguous',
  ServiceUnavailable: 'ambiguous',
  RequestTimeoutException: 'ambiguous',
}

export function readSes(observed: Observed): MappingClass | null {
  if ('error' in observed) return null
  const { status, headers, body } = observed.response
  const type = headers['x-amzn-errortype']
  // `Name:http://…` or `ns#Name` (the SDK's
  // sanitizeErrorCode reads it the same way).
  if (type !== undefined) return BY_NAME[type.split(':')[0]!.split('#').at(-1)!] ?? null
  if (status === 200 && typeof (body as { MessageId?: unknown } | null)?.MessageId === 'string') return 'applied'
  return null
}
