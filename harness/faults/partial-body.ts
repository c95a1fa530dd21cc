// A response whose body stops part-way:
// what body-cut and body-stall hand on.

/**
 * `response` with the first `bytes` of its
 * body (never all of it), then the stream
 * errors with what `end()` resolves to.
 * content-length stays the whole body's,
 * as a server sends it before the body.
 */
export async function partialBody(response: Response, bytes: number, end: () => Promise<Error>): Promise<Response> {
  const body = new Uint8Array(await response.arrayBuffer())
  const sent = body.subarray(0, Math.max(0, Math.min(bytes, body.byteLength - 1)))
  const headers = new Headers(response.headers)
  headers.set('content-length', String(body.byteLength))
  let pulls = 0
  let cancelled = false
  const stream = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (pulls++ === 0 && sent.byteLength > 0) return controller.enqueue(sent)
        const error = await end()
        // A reader that cancelled is gone.
        if (!cancelled) controller.error(error)
      },
      cancel() {
        cancelled = true
      },
    },
    { highWaterMark: 0 },
  )
  return new Response(stream, { status: response.status, statusText: response.statusText, headers })
}
