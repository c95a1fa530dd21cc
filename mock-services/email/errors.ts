// Resend's error shape: { statusCode, name, message }.

import { jsonResponse } from '../json-response.ts'

export function resendError(statusCode: number, name: string, message: string): Response {
  return jsonResponse({ statusCode, name, message }, { status: statusCode })
}
