// The handlers undici's dispatchers drive:
// the "legacy" kind its request(), fetch(),
// stream() and pipeline() pass, and 7.x's
// onRequestStart kind, turned into the first
// as its Agent's dispatch() turns it
// (lib/handler/unwrap-handler.js).

export type Abort = (reason?: unknown) => void

/** onConnect, onHeaders, onData, onComplete([]) or onError. */
export interface Handler {
  onConnect?(abort: Abort, context?: object): void
  onResponseStarted?(): void
  onHeaders?(status: number, raw: Buffer[], resume: () => void, statusText: string): boolean | undefined
  onData?(chunk: Buffer): boolean | undefined
  onComplete?(trailers: Buffer[]): void
  onError?(error: unknown): void
}

/** 7.x's kind. */
interface NewHandler {
  onRequestStart(controller: Controller, context: object | undefined): void
  onResponseStarted?(): void
  onResponseStart?(controller: Controller, status: number, headers: object, statusText: string): void
  onResponseData?(controller: Controller, chunk: Buffer): void
  onResponseEnd?(controller: Controller, trailers: object): void
  onResponseError?(controller: Controller, error: unknown): void
}

/** 7.x's UnwrapController: pause, resume, abort. */
class Controller {
  paused = false
  aborted = false
  reason: unknown = null
  rawHeaders: Buffer[] | null = null
  rawTrailers: Buffer[] | null = null
  resumeFn: (() => void) | null = null
  readonly #abort: Abort
  constructor(abort: Abort) {
    this.#abort = abort
  }
  pause() {
    this.paused = true
  }
  resume() {
    if (!this.paused) return
    this.paused = false
    this.resumeFn?.()
  }
  abort(reason?: unknown) {
    if (this.aborted) return
    this.aborted = true
    this.reason = reason
    this.#abort(reason)
  }
}

/** `handler` as the legacy kind. */
export function legacy(handler: Handler | NewHandler): Handler {
  if (typeof (handler as NewHandler).onRequestStart !== 'function') return handler as Handler
  const h = handler as NewHandler
  let c!: Controller
  return {
    onConnect(abort, context) {
      c = new Controller(abort)
      h.onRequestStart(c, context)
    },
    onResponseStarted: () => h.onResponseStarted?.(),
    onHeaders(status, raw, resume, statusText) {
      c.resumeFn = resume
      c.rawHeaders = raw
      h.onResponseStart?.(c, status, parseHeaders(raw), statusText)
      return !c.paused
    },
    onData(chunk) {
      h.onResponseData?.(c, chunk)
      return !c.paused
    },
    onComplete(trailers) {
      c.rawTrailers = trailers
      h.onResponseEnd?.(c, parseHeaders(trailers))
    },
    onError(error) {
      h.onResponseError?.(c, error)
    },
  }
}

/** undici's parseHeaders: lower-case names, repeats in arrays. */
function parseHeaders(raw: Buffer[]): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {}
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const key = raw[i]!.toString('latin1').toLowerCase()
    const value = raw[i + 1]!.toString('latin1')
    const had = out[key]
    out[key] = had === undefined ? value : Array.isArray(had) ? [...had, value] : [had, value]
  }
  return out
}
