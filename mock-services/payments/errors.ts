// Errors in Stripe's JSON shape: { error: { type, code, message, param } }.

export type StripeErrorType = 'invalid_request_error' | 'idempotency_error' | 'api_error' | 'card_error'

export function stripeError(
  status: number,
  type: StripeErrorType,
  message: string,
  extra: { code?: string; param?: string } = {},
  headers: Record<string, string> = {},
): Response {
  return Response.json({ error: { type, message, ...extra } }, { status, headers })
}
