// JSON responses, whole from the start: the
// fetch shim hands their stream on as it is.
const encoder = new TextEncoder()

/** Each whole body's stream controller, by response. */
const whole = new WeakMap<Response, ReadableStreamDefaultController<Uint8Array>>()

/**
 * A JSON response, not via `Response.json()`:
 * msw's node:http interceptor misses its headers,
 * which stripe-node (node:http) would then lack.
 */
export function jsonResponse(
  body: unknown,
  init: { status?: number; headers?: Record<string, string> } = {},
): Response {
  const bytes = encoder.encode(JSON.stringify(body))
  let controller!: ReadableStreamDefaultController<Uint8Array>
  // Enqueued and closed now: one chunk, as
  // undici streams a string body.
  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c
      c.enqueue(bytes)
      c.close()
    },
  })
  // Real servers send a length; clients see it.
  const response = new Response(stream, {
    status: init.status ?? 200,
    headers: { 'content-type': 'application/json', 'content-length': String(bytes.byteLength), ...init.headers },
  })
  whole.set(response, controller)
  return response
}

/** A whole body nobody has read: its stream, and how to fail what is unread. */
export interface WholeBody {
  readonly stream: ReadableStream<Uint8Array>
  fail(reason: unknown): void
}

/** `response`'s body if jsonResponse made it and nobody has touched it. */
export function wholeBody(response: Response): WholeBody | undefined {
  const controller = whole.get(response)
  const stream = response.body
  if (controller === undefined || stream === null || response.bodyUsed || stream.locked) return undefined
  return { stream, fail: (reason) => controller.error(reason) }
}
