// What undici's core sends for a dispatch,
// as the Request a run's pipeline answers
// (core/request.js): the URL with `query`,
// the headers, the body read to the end.
import { FetchRequest } from '@mswjs/interceptors'
import { stringify } from 'node:querystring'

/** What undici's core hands a dispatcher. */
export interface DispatchOptions {
  readonly origin?: string | URL
  readonly path?: string
  readonly method?: string
  readonly query?: Record<string, unknown>
  readonly headers?: unknown
  readonly body?: unknown
  readonly upgrade?: unknown
  readonly headersTimeout?: number | null
  readonly bodyTimeout?: number | null
}

/**
 * undici's own Request. Reaching it loads
 * Node's undici, which fills the slot first.
 */
const NativeRequest = Object.getPrototypeOf(FetchRequest) as typeof Request

/** The URL, or null: not a plain request. */
export function urlOf({ origin, path, query }: DispatchOptions): string | null {
  if (origin === undefined || typeof path !== 'string') return null
  const search = query ? stringify(query as Record<string, string>) : ''
  return `${String(origin).replace(/\/$/, '')}${path}${search ? `?${search}` : ''}`
}

/** The request, and its bytes on the wire. */
export async function requestOf(
  url: string,
  options: DispatchOptions,
  signal: AbortSignal,
): Promise<{ request: Request; bytes: number }> {
  const method = options.method ?? 'GET'
  const body = await bodyOf(options.body, method)
  const headers = headersOf(options.headers)
  const typed = headers.has('content-type')
  const request = new NativeRequest(url, { method, headers, body, duplex: 'half' } as RequestInit)
  // A Request types a string or URLSearchParams
  // body itself; undici's core types only
  // FormData (extractBody).
  if (!typed && !isFormData(body)) request.headers.delete('content-type')
  Object.defineProperty(request, 'signal', { value: signal })
  return { request, bytes: requestBytes(method, url, headers, body) }
}

/**
 * A record (array values repeat), a flat
 * [name, value, ...] list, or pairs; null
 * is '' (core/request.js processHeader).
 */
function headersOf(given: unknown): Headers {
  const headers = new Headers()
  const add = (k: unknown, v: unknown) => {
    if (v === undefined) return
    for (const one of Array.isArray(v) ? v : [v]) headers.append(String(k), one === null ? '' : String(one))
  }
  if (Array.isArray(given) && given.every((x) => !Array.isArray(x))) {
    for (let i = 0; i + 1 < given.length; i += 2) add(given[i], given[i + 1])
  } else if (given && typeof (given as Iterable<unknown>)[Symbol.iterator] === 'function') {
    for (const [k, v] of given as Iterable<[unknown, unknown]>) add(k, v)
  } else if (given && typeof given === 'object') {
    for (const [k, v] of Object.entries(given)) add(k, v)
  }
  return headers
}

type Body = string | Uint8Array | Blob | FormData | null

/** undici's test for a FormData of any copy. */
function isFormData(body: unknown): body is FormData {
  return (
    typeof body === 'object' && body !== null && (body as Record<symbol, unknown>)[Symbol.toStringTag] === 'FormData'
  )
}

/**
 * As given, or a stream's or iterable's
 * chunks (fetch passes an async generator)
 * read to the end.
 */
async function bodyOf(body: unknown, method: string): Promise<Body> {
  if (body == null || method === 'GET' || method === 'HEAD') return null
  if (typeof body === 'string' || body instanceof Blob) return body
  if (ArrayBuffer.isView(body)) return new Uint8Array(body.buffer, body.byteOffset, body.byteLength)
  if (body instanceof ArrayBuffer) return new Uint8Array(body)
  if (isFormData(body)) {
    // Another copy's FormData: into ours.
    const form = new FormData()
    for (const [k, v] of body as unknown as Iterable<[string, string | Blob]>) form.append(k, v)
    return form
  }
  const chunks: Uint8Array[] = []
  const add = (c: unknown) => chunks.push(typeof c === 'string' ? Buffer.from(c) : (c as Uint8Array))
  if (typeof (body as AsyncIterable<unknown>)[Symbol.asyncIterator] === 'function') {
    for await (const c of body as AsyncIterable<unknown>) add(c)
  } else if (typeof (body as Iterable<unknown>)[Symbol.iterator] === 'function') {
    for (const c of body as Iterable<unknown>) add(c)
  } else return String(body)
  return Buffer.concat(chunks)
}

/** For bytesWritten; only nonzero matters. */
function requestBytes(method: string, url: string, headers: Headers, body: Body): number {
  const { pathname, search } = new URL(url)
  let bytes = `${method} ${pathname}${search} HTTP/1.1\r\n`.length + 2
  headers.forEach((v, k) => (bytes += k.length + v.length + 4))
  if (typeof body === 'string') bytes += Buffer.byteLength(body)
  else if (body instanceof Uint8Array) bytes += body.byteLength
  return bytes
}
