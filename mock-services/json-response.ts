/**
 * A JSON response, not via `Response.json()`:
 * msw's node:http interceptor misses its headers,
 * which stripe-node (node:http) would then lack.
 */
export function jsonResponse(
  body: unknown,
  init: { status?: number; headers?: Record<string, string> } = {},
): Response {
  const text = JSON.stringify(body)
  // Real servers send a length; clients see it.
  return new Response(text, {
    status: init.status ?? 200,
    headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)), ...init.headers },
  })
}
