/**
 * A JSON response. Not `Response.json()`: msw's node:http interceptor keeps
 * raw header names by watching the Response constructor and Headers#set, and
 * the static `Response.json()` slips past it — a header set afterwards would
 * then be the only one a node:http client (stripe-node's default) receives.
 */
export function jsonResponse(body: unknown, init: { status?: number; headers?: Record<string, string> } = {}): Response {
  return new Response(JSON.stringify(body), { status: init.status ?? 200, headers: { 'content-type': 'application/json', ...init.headers } })
}
