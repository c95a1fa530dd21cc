// PayPal's REST error shape: { name, message,
// debug_id, details: [{ issue, description }],
// links } (docs/vendors.md P8).
import { jsonResponse } from '../json-response.ts'

export interface PaypalIssue {
  readonly issue: string
  readonly description: string
  readonly field?: string
  readonly location?: 'body' | 'path' | 'header' | 'query'
}

/** The message PayPal gives each error name. */
export const PAYPAL_MESSAGES: Readonly<Record<string, string>> = {
  INVALID_REQUEST: 'Request is not well-formed, syntactically incorrect, or violates schema.',
  AUTHENTICATION_FAILURE:
    'Authentication failed due to invalid authentication credentials or a missing Authorization header.',
  NOT_AUTHORIZED: 'Authorization failed due to insufficient permissions.',
  RESOURCE_NOT_FOUND: 'The specified resource does not exist.',
  RESOURCE_CONFLICT: 'The server has detected a conflict while processing this request.',
  UNPROCESSABLE_ENTITY:
    'The requested action could not be performed, semantically incorrect, or failed business validation.',
  RATE_LIMIT_REACHED: 'Too many requests. Blocked due to rate limiting.',
  INTERNAL_SERVER_ERROR: 'An internal server error has occurred.',
  SERVICE_UNAVAILABLE: 'Service Unavailable.',
  REQUEST_DEADLINE_EXCEEDED: 'The request arrived after the deadline its client forwarded; it was not processed.',
}

export function paypalError(
  debugId: string,
  status: number,
  name: string,
  details: readonly PaypalIssue[] = [],
  headers: Record<string, string> = {},
): Response {
  const first = details[0]?.issue
  return jsonResponse(
    {
      name,
      message: PAYPAL_MESSAGES[name] ?? name,
      debug_id: debugId,
      ...(details.length ? { details } : {}),
      links: [
        {
          href: `https://developer.paypal.com/docs/api/payments/v2/#error-${first ?? name}`,
          rel: 'information_link',
          method: 'GET',
        },
      ],
    },
    { status, headers: { 'paypal-debug-id': debugId, ...headers } },
  )
}

/** 409: the same request id is still in flight. */
export function previousRequestInProgress(debugId: string): Response {
  return paypalError(debugId, 409, 'RESOURCE_CONFLICT', [
    {
      issue: 'PREVIOUS_REQUEST_IN_PROGRESS',
      description:
        'A previous request on this resource is currently in progress. Please wait for sometime and try again. It is best to space out the initial and the subsequent request(s) to avoid receiving this error.',
    },
  ])
}

/** The 400 a response fault answers. */
export function invalidAmountValue(debugId: string): Response {
  return paypalError(debugId, 400, 'INVALID_REQUEST', [
    {
      field: '/amount/value',
      location: 'body',
      issue: 'INVALID_PARAMETER_VALUE',
      description: 'The value of a field is invalid.',
    },
  ])
}
