// A fetch response's body as undici's: read
// as the socket delivers it, failing as
// undici fails it (web/fetch/index.js, the
// body's onAborted and onError).
import { FetchResponse } from '@mswjs/interceptors'
import { wholeBody, type WholeBody } from '../../mock-services/json-response.ts'
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
  /**
   * Set: `response` is a service's own, not
   * msw's (which set this url, dropped the
   * body of a 204/304, and so on).
   */
  readonly url?: string
}

/**
 * `response` with its body pumped now (a
 * socket does not wait for the reader);
 * a stall past bodyTimeout errors the read
 * `TypeError: terminated` ← BodyTimeoutError.
 */
export function undiciBody(response: Response, options: BodyOptions): Response {
  const { bodyMs, signals, giveUp, readError, url } = options
  const init = {
    url: url ?? response.url,
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  }
  if (response.body === null || !FetchResponse.isResponseWithBody(response.status))
    return url === undefined ? response : clientResponse(null, init)
  const whole = url === undefined ? undefined : wholeBody(response)
  if (whole) return received(whole, init, signals)
  const source = response.body.getReader()
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
  return clientResponse(body, init)
}

/**
 * A body already whole, its stream handed on:
 * nothing can stall it (no body timer), but
 * an abort still loses what is unread.
 */
function received(whole: WholeBody, init: Init, signals: readonly AbortSignal[]): Response {
  const aborted = signals.find((s) => s.aborted)
  if (aborted) whole.fail(aborted.reason)
  else for (const s of signals) s.addEventListener('abort', () => whole.fail(s.reason), { once: true })
  return clientResponse(whole.stream, init)
}

type Init = NonNullable<ConstructorParameters<typeof FetchResponse>[1]>

/**
 * undici's own Response, before msw re-parents
 * FetchResponse onto its header-recording proxy.
 */
const NativeResponse = Object.getPrototypeOf(FetchResponse) as typeof Response

/**
 * A FetchResponse built by undici's Response
 * itself: msw's proxy would record raw headers
 * a fetch client never reads (node:http's).
 */
function clientResponse(body: ReadableStream<Uint8Array> | null, init: Init): Response {
  const status = init.status ?? 200
  if (!FetchResponse.isConfigurableStatusCode(status)) return new FetchResponse(body, init)
  const { statusText, headers } = init
  const response = Reflect.construct(NativeResponse, [body, { status, statusText, headers }], FetchResponse) as Response
  FetchResponse.setUrl(init.url, response)
  return response
}
