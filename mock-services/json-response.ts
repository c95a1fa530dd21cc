/**
 * A JSON response. Not `Response.json()`: msw's node:http interceptor keeps
 * raw header names by watching the Response constructor and Headers#set, and
 * the static `Response.json()` slips past it — a header set afterwards would
 * then be the only one a node:http client (stripe-node's default) receives.
 */
export function jsonResponse(body: unknown, init: { status?: number; headers?: Record<string, string> } = {}): Response {
  const text = JSON.stringify(body)
  // A real server sends the body's length; clients (and their timing) see it.
  return new Response(text, { status: init.status ?? 200, headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)), ...init.headers } })
}
