// A fetch response's body as undici's: read
// as the socket delivers it, failing as
// undici fails it (web/fetch/index.js, the
// body's onAborted and onError).
import { FetchResponse } from '@mswjs/interceptors'
import { bodyTimeout } from './undici-errors.ts'
import { fastTimerDelay } from './undici-timeouts.ts'

export interface BodyOptions {
  /** 0: no body timeout. */
  readonly bodyMs: number
  /**
   * The request's signals: the caller's (if
   * any) and the shim's. One aborted, the
   * body errors with its reason, unless read
   * to the end. Listened to one by one: an
   * AbortSignal.any with a listener is kept
   * alive by Node until it aborts (a leak).
   */
  readonly signals: readonly AbortSignal[]
  /** Aborts the request (the service sees it). */
  readonly giveUp: (reason: unknown) => void
  /** The read's error for what the source threw. */
  readonly readError: (error: unknown, bytesRead: number) => unknown
}

/**
 * `response` with its body pumped now (a
 * socket does not wait for the reader);
 * a stall past bodyTimeout errors the read
 * `TypeError: terminated` ← BodyTimeoutError.
 */
export function undiciBody(response: Response, options: BodyOptions): Response {
  if (response.body === null) return response
  const source = response.body.getReader()
  const { bodyMs, signals, giveUp, readError } = options
  let out!: ReadableStreamDefaultController<Uint8Array>
  let timer: ReturnType<typeof setTimeout> | undefined
  // The source is over: done, failed, or
  // given up on.
  let over = false
  let bytesRead = 0

  const finish = () => {
    over = true
    clearTimeout(timer)
  }
  // Unread bytes are lost to an abort, as
  // undici's stream errors (measured).
  const onAbort = (reason: unknown) => {
    if (!over) {
      finish()
      source.cancel(reason).catch(() => {})
    }
    out.error(reason)
  }
  const onTimeout = () => {
    const cause = bodyTimeout()
    finish()
    out.error(new TypeError('terminated', { cause }))
    source.cancel(cause).catch(() => {})
    // The reason: the history's give-up.
    giveUp(cause)
  }
  // Re-armed by each chunk (client-h1.js
  // onBody refreshes the timer).
  const arm = () => {
    clearTimeout(timer)
    if (bodyMs > 0) timer = setTimeout(onTimeout, fastTimerDelay(bodyMs))
  }

  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      out = controller
    },
    cancel(reason) {
      if (over) return
      finish()
      source.cancel(reason).catch(() => {})
      // undici aborts the fetch: the
      // connection goes.
      giveUp(reason ?? new DOMException('This operation was aborted', 'AbortError'))
    },
  })

  const pump = async () => {
    for (;;) {
      let chunk: Awaited<ReturnType<typeof source.read>>
      try {
        chunk = await source.read()
      } catch (e) {
        if (over) return
        finish()
        out.error(readError(e, bytesRead))
        return
      }
      if (over) return
      if (chunk.done) {
        finish()
        out.close()
        return
      }
      bytesRead += chunk.value.byteLength
      out.enqueue(chunk.value)
      arm()
    }
  }

  const aborted = signals.find((s) => s.aborted)
  if (aborted) onAbort(aborted.reason)
  else {
    for (const s of signals) s.addEventListener('abort', () => onAbort(s.reason), { once: true })
    arm()
    void pump()
  }
  return new FetchResponse(body, {
    url: response.url,
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  })
}
