/**
 * A JSON response. Not `Response.json()`: msw's node:http
 * interceptor misses headers it sets, so stripe-node
 * (node:http) would see only headers set later.
 */
export function jsonResponse(body: unknown, init: { status?: number; headers?: Record<string, string> } = {}): Response {
  const text = JSON.stringify(body)
  // Real servers send a length; clients and timing see it.
  return new Response(text, { status: init.status ?? 200, headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)), ...init.headers } })
}
