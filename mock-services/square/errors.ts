// Square's error shape: { errors: [{ category,
// code, detail, field }] } (docs/vendors.md Q8).
import { jsonResponse } from '../json-response.ts'

/** square 46.0.0 legacy/doc/models/error-category.md */
export type SquareErrorCategory =
  | 'API_ERROR'
  | 'AUTHENTICATION_ERROR'
  | 'INVALID_REQUEST_ERROR'
  | 'RATE_LIMIT_ERROR'
  | 'PAYMENT_METHOD_ERROR'
  | 'REFUND_ERROR'

export function squareError(
  status: number,
  category: SquareErrorCategory,
  code: string,
  detail: string,
  field?: string,
): Response {
  return jsonResponse({ errors: [{ category, code, detail, ...(field ? { field } : {}) }] }, { status })
}

/** The 400 a validation fault answers. */
export function invalidAmount(): Response {
  return squareError(
    400,
    'INVALID_REQUEST_ERROR',
    'INVALID_VALUE',
    'Invalid value: the amount is not valid for this request.',
    'amount_money.amount',
  )
}
