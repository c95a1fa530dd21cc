// Shim: the undici package's request() and
// fetch() reach the run's services. Both ask
// the global dispatcher per call (lib/global.js);
// msw cannot see them: they open sockets.
// Ours answers the run's hosts through its
// pipeline, fails as undici does on a socket,
// and hands the rest to the original.
import { FetchRequest } from '@mswjs/interceptors'
import { injectedFault } from '../faults/network-error.ts'
import { routeFetch } from './network.ts'
import type { Patch } from './patch.ts'
import { SignalRelease } from './signal-release.ts'
import { bodyTimeout, headersTimeout, requestAborted, SocketError } from './undici-errors.ts'
import { dispatcherTimeouts, fastTimerDelay, standsFor } from './undici-timeouts.ts'
import { isSimulatedUrl } from './vendor-hosts.ts'

/**
 * The slots undici reads: `.1` by 6.x and 7.x
 * (7.27+ writes `.2` too; 7.27.0-1 read it).
 */
const SLOTS = [Symbol.for('undici.globalDispatcher.1'), Symbol.for('undici.globalDispatcher.2')]

/** What undici's core hands a dispatcher. */
interface DispatchOptions {
  readonly origin?: string | URL
  readonly path?: string
  readonly method?: string
  readonly headers?: unknown
  readonly body?: unknown
  readonly upgrade?: unknown
  readonly headersTimeout?: number | null
  readonly bodyTimeout?: number | null
}

/**
 * The handler shape undici 6 and 7's request()
 * and fetch() pass (the "legacy" one).
 */
interface Handler {
  onConnect?(abort: (reason?: unknown) => void, context?: object): void
  onResponseStarted?(): void
  onHeaders?(status: number, raw: Buffer[], resume: () => void, statusText: string): boolean | undefined
  onData?(chunk: Buffer): boolean | undefined
  onComplete?(trailers: Buffer[]): void
  onError?(error: unknown): void
}

/** 7.x's handler (lib/handler/unwrap-handler.js). */
interface NewHandler {
  onRequestStart(controller: Controller, context: object): void
  onResponseStarted?(): void
  onResponseStart?(controller: Controller, status: number, headers: object, statusText: string): void
  onResponseData?(controller: Controller, chunk: Buffer): void
  onResponseEnd?(controller: Controller, trailers: object): void
  onResponseError?(controller: Controller, error: unknown): void
}

interface Dispatcher {
  dispatch(options: DispatchOptions, handler: Handler): boolean
}

/**
 * undici's own Request. Reaching it loads
 * Node's undici, which fills the slot first.
 */
const NativeRequest = Object.getPrototypeOf(FetchRequest) as typeof Request

/**
 * Route the undici package's global requests
 * to the run until undone. An app's own
 * setGlobalDispatcher during a run is kept:
 * its dispatcher opens sockets (refused).
 */
export function undiciGlobalDispatcher(): Patch {
  const g = globalThis as Record<symbol, unknown>
  const signals = new SignalRelease()
  // Ephemeral ports, deterministic within a run.
  let nextPort = 49_152
  const installed = SLOTS.flatMap((slot) => {
    const original = g[slot] as Dispatcher | undefined
    if (typeof original?.dispatch !== 'function') return []
    const ours = Object.create(original) as Dispatcher
    const route = (options: DispatchOptions, handler: Handler): boolean => {
      const url = urlOf(options)
      if (url === null || options.upgrade || !isSimulatedUrl(url)) return original.dispatch(options, handler)
      const timeouts = dispatcherTimeouts(original, options)
      void answer(url, options, legacy(handler), { ...timeouts, signals, port: () => nextPort++ })
      return true
    }
    // The public seam, as MockAgent's: 6.x
    // Agents cache their inner dispatch.
    Object.defineProperty(ours, 'dispatch', { value: route })
    standsFor(ours, original)
    g[slot] = ours
    return [{ slot, original, ours }]
  })
  const ours = () => installed.every((i) => g[i.slot] === i.ours)
  return {
    description: 'the undici global dispatcher',
    intact: ours,
    reinstate() {
      for (const i of installed) g[i.slot] = i.ours
    },
    undo() {
      signals.release()
      // An app's own, set meanwhile, stays.
      for (const i of installed) if (g[i.slot] === i.ours) g[i.slot] = i.original
    },
  }
}

/**
 * 7.x's controller: pause, resume, abort;
 * as its UnwrapController.
 */
class Controller {
  paused = false
  aborted = false
  reason: unknown = null
  rawHeaders: Buffer[] | null = null
  rawTrailers: Buffer[] | null = null
  resumeFn: (() => void) | null = null
  constructor(private readonly abortFn: (reason?: unknown) => void) {}
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
    this.abortFn(reason)
  }
}

/**
 * A handler in the style answer() drives:
 * 7.x's onRequestStart kind turned as its
 * Agent's dispatch() turns it.
 */
function legacy(handler: Handler | NewHandler): Handler {
  if (typeof (handler as NewHandler).onRequestStart !== 'function') return handler as Handler
  const h = handler as NewHandler
  let c!: Controller
  return {
    onConnect(abort, context) {
      c = new Controller(abort)
      h.onRequestStart(c, context ?? {})
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

function urlOf({ origin, path }: DispatchOptions): string | null {
  if (origin === undefined || typeof path !== 'string') return null
  return `${String(origin).replace(/\/$/, '')}${path}`
}

interface Answering {
  readonly headersMs: number
  readonly bodyMs: number
  readonly signals: SignalRelease
  readonly port: () => number
}

/**
 * One request, undici's way: onConnect, then
 * onHeaders, onData and onComplete([]), or
 * onError once; timers as its client's.
 */
async function answer(url: string, options: DispatchOptions, handler: Handler, how: Answering): Promise<void> {
  // Aborting it: the service sees the reason.
  const ours = new AbortController()
  how.signals.hold(ours.signal)
  let over = false
  let timer: ReturnType<typeof setTimeout> | undefined
  // Set while the client has paused us.
  let paused: (() => void) | null = null
  const resume = () => {
    const go = paused
    paused = null
    go?.()
  }
  const fail = (error: unknown) => {
    if (over) return
    over = true
    clearTimeout(timer)
    if (!ours.signal.aborted) ours.abort(error)
    handler.onError?.(error)
    resume()
  }
  // client-h1.js: no reason, RequestAbortedError.
  handler.onConnect?.((reason) => fail(reason ?? requestAborted()), {})
  if (over) return
  const method = options.method ?? 'GET'
  let request: Request
  let sent = 0
  try {
    const body = await bodyOf(options.body, method)
    if (over) return
    const headers = headersOf(options.headers)
    request = new NativeRequest(url, { method, headers, body, duplex: 'half' } as RequestInit)
    Object.defineProperty(request, 'signal', { value: ours.signal })
    sent = requestBytes(method, options.path ?? '/', headers, body)
  } catch (e) {
    return fail(e)
  }
  // Armed as the request is written.
  if (how.headersMs > 0) timer = setTimeout(() => fail(headersTimeout()), fastTimerDelay(how.headersMs))
  let response: Response
  try {
    response = await routeFetch(request)
  } catch (e) {
    return fail(causeOf(e, sent, 0, how.port))
  }
  clearTimeout(timer)
  if (over) return
  // The body timer, re-armed by each chunk
  // (client-h1.js); off while paused.
  const arm = () => {
    clearTimeout(timer)
    if (how.bodyMs > 0) timer = setTimeout(() => fail(bodyTimeout()), fastTimerDelay(how.bodyMs))
  }
  const wait = async (more: boolean | undefined) => {
    if (more !== false || over) return
    clearTimeout(timer)
    await new Promise<void>((go) => (paused = go))
    if (!over) arm()
  }
  handler.onResponseStarted?.()
  const raw: Buffer[] = []
  response.headers.forEach((v, k) => raw.push(Buffer.from(k, 'latin1'), Buffer.from(v, 'latin1')))
  arm()
  await wait(handler.onHeaders?.(response.status, raw, resume, response.statusText))
  if (over) return
  const source = response.body?.getReader()
  let read = 0
  try {
    for (;;) {
      const chunk = source ? await source.read() : { done: true as const }
      if (over) return void source?.cancel().catch(() => {})
      if (chunk.done) break
      read += chunk.value.byteLength
      arm()
      await wait(handler.onData?.(Buffer.from(chunk.value.buffer, chunk.value.byteOffset, chunk.value.byteLength)))
    }
  } catch (e) {
    return fail(causeOf(e, sent, read, how.port))
  }
  over = true
  clearTimeout(timer)
  handler.onComplete?.([])
}

/**
 * What undici raises for a fault: a closed
 * socket's SocketError, else the net error.
 */
function causeOf(e: unknown, written: number, read: number, port: () => number): unknown {
  const fault = injectedFault(e)
  if (fault?.code !== 'ECONNRESET' || fault.reset !== 'close') return e
  return new SocketError('other side closed', {
    localAddress: '127.0.0.1',
    localPort: port(),
    remoteAddress: '127.0.0.1',
    remotePort: fault.port,
    remoteFamily: 'IPv4',
    timeout: undefined,
    bytesWritten: written,
    bytesRead: read,
  })
}

/**
 * request()'s headers: a record, or a flat
 * [name, value, ...] list; fetch's: a record.
 */
function headersOf(given: unknown): Headers {
  const headers = new Headers()
  if (Array.isArray(given)) {
    for (let i = 0; i + 1 < given.length; i += 2) headers.append(String(given[i]), String(given[i + 1]))
  } else if (given && typeof given === 'object') {
    for (const [k, v] of Object.entries(given)) {
      if (v === undefined) continue
      for (const one of Array.isArray(v) ? v : [v]) headers.append(k, String(one))
    }
  }
  return headers
}

type Body = string | Uint8Array | Blob | FormData | URLSearchParams | null

/**
 * The body as sent: as given, or a stream's
 * or iterable's chunks (fetch passes an async
 * generator) read to the end.
 */
async function bodyOf(body: unknown, method: string): Promise<Body> {
  if (body == null || method === 'GET' || method === 'HEAD') return null
  if (typeof body === 'string' || body instanceof Uint8Array) return body
  if (body instanceof Blob || body instanceof FormData || body instanceof URLSearchParams) return body
  if (body instanceof ArrayBuffer) return new Uint8Array(body)
  const chunks: Uint8Array[] = []
  if (typeof (body as AsyncIterable<unknown>)[Symbol.asyncIterator] === 'function') {
    for await (const c of body as AsyncIterable<unknown>)
      chunks.push(typeof c === 'string' ? Buffer.from(c) : (c as Uint8Array))
  } else if (typeof (body as Iterable<unknown>)[Symbol.iterator] === 'function') {
    for (const c of body as Iterable<unknown>) chunks.push(typeof c === 'string' ? Buffer.from(c) : (c as Uint8Array))
  } else return String(body)
  return Buffer.concat(chunks)
}

/** For bytesWritten; only nonzero matters. */
function requestBytes(method: string, path: string, headers: Headers, body: Body): number {
  let bytes = `${method} ${path} HTTP/1.1\r\n`.length + 2
  headers.forEach((v, k) => (bytes += k.length + v.length + 4))
  if (typeof body === 'string') bytes += Buffer.byteLength(body)
  else if (body instanceof Uint8Array) bytes += body.byteLength
  return bytes
}
