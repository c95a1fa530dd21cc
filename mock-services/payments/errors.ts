// Stripe's error shape: { error: { type, code, … } }.

import { jsonResponse } from '../json-response.ts'

export type StripeErrorType = 'invalid_request_error' | 'idempotency_error' | 'api_error' | 'card_error'

export function stripeError(
  status: number,
  type: StripeErrorType,
  message: string,
  extra: { code?: string; param?: string } = {},
  headers: Record<string, string> = {},
): Response {
  return jsonResponse({ error: { type, message, ...extra } }, { status, headers })
}
