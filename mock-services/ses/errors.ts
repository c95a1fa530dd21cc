// SES v2's error shape (AWS restJson1): the
// name in `x-amzn-ErrorType`, `{ message }` in
// the body; the SDK reads the header first
// (@smithy/core 3.41.1 loadRestJsonErrorCode).
import { jsonResponse } from '../json-response.ts'

/** SES v2's errors, by the name the SDK parses. */
export type SesErrorType =
  | 'TooManyRequestsException'
  | 'LimitExceededException'
  | 'BadRequestException'
  | 'MessageRejected'
  | 'AccountSuspendedException'
  | 'SendingPausedException'
  | 'NotFoundException'
  | 'InternalFailure'
  | 'ServiceUnavailable'
  | 'RequestTimeoutException'
  | 'MissingAuthenticationTokenException'

export function sesError(status: number, type: SesErrorType, message: string): Response {
  return jsonResponse({ message }, { status, headers: { 'x-amzn-errortype': type } })
}
