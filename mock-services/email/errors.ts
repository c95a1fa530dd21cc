// Errors in Resend's JSON shape: { statusCode, name, message }.

export function resendError(statusCode: number, name: string, message: string): Response {
  return Response.json({ statusCode, name, message }, { status: statusCode })
}
