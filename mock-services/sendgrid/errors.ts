// SendGrid's error shape: { errors: [{ message,
// field, help }] } (docs/vendors.md G4).
import { jsonResponse } from '../json-response.ts'

export interface SendgridErrorItem {
  readonly message: string
  /** The field at fault, or null. */
  readonly field: string | null
  /** A link to the errors page, or null. */
  readonly help: string | null
}

/** The v3 Mail Send errors page (G4). */
export const ERRORS_PAGE = 'http://sendgrid.com/docs/API_Reference/Web_API_v3/Mail/errors.html'

export function sendgridError(
  status: number,
  errors: readonly SendgridErrorItem[],
  headers: Record<string, string> = {},
): Response {
  return jsonResponse({ errors }, { status, headers })
}

/** One error with no field and no help. */
export function plainError(status: number, message: string, headers: Record<string, string> = {}): Response {
  return sendgridError(status, [{ message, field: null, help: null }], headers)
}
