// What undici's core sends for a dispatch,
// as the Request a run's pipeline answers
// (core/request.js): the URL with `query`,
// the headers, the body read to the end.
import { FetchRequest } from '@mswjs/interceptors'
import { stringify } from 'node:querystring'
import { InvalidArgumentError } from './undici-errors.ts'

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

/** The URL routed by, or null: not a plain request. */
export function urlOf({ origin, path }: DispatchOptions): string | null {
  if (origin === undefined || typeof path !== 'string') return null
  return `${String(origin).replace(/\/$/, '')}${path}`
}

/**
 * The request, and its bytes on the wire.
 * Throws what undici's core throws for the
 * same options (its handler gets it).
 */
export async function requestOf(
  url: string,
  options: DispatchOptions,
  signal: AbortSignal,
): Promise<{ request: Request; bytes: number }> {
  const method = options.method ?? 'GET'
  const full = options.query ? withQuery(url, options.query) : url
  const headers = headersOf(options.headers)
  const body = await bodyOf(options.body, method)
  // A Request types a string body itself;
  // undici's core types a FormData, and sends
  // a Blob's type.
  const typed = headers.has('content-type') || isFormData(body) || (body instanceof Blob && body.type !== '')
  const request = new NativeRequest(full, { method, headers, body, duplex: 'half' } as RequestInit)
  if (!typed) request.headers.delete('content-type')
  Object.defineProperty(request, 'signal', { value: signal })
  return { request, bytes: requestBytes(method, full, headers, body) }
}

/** core/util.js buildURL. */
function withQuery(url: string, query: Record<string, unknown>): string {
  const path = url.slice(new URL(url).origin.length)
  if (path.includes('?') || path.includes('#'))
    throw new Error('Query params cannot be passed when url already contains "?" or "#".')
  const search = stringify(query as Record<string, string>)
  return search ? `${url}?${search}` : url
}

/**
 * As core/request.js takes them: an array is a
 * flat [name, value, ...] list, another
 * iterable gives pairs, an object its keys;
 * null is ''.
 */
function headersOf(given: unknown): Headers {
  const headers = new Headers()
  const add = (k: unknown, v: unknown) => {
    if (v === undefined) return
    for (const one of Array.isArray(v) ? v : [v]) headers.append(String(k), one === null ? '' : String(one))
  }
  if (Array.isArray(given)) {
    if (given.length % 2 !== 0) throw new InvalidArgumentError('headers array must be even')
    for (let i = 0; i < given.length; i += 2) add(given[i], given[i + 1])
  } else if (given && typeof given === 'object') {
    if (typeof (given as Iterable<unknown>)[Symbol.iterator] === 'function') {
      for (const pair of given as Iterable<unknown>) {
        if (!Array.isArray(pair) || pair.length !== 2)
          throw new InvalidArgumentError('headers must be in key-value pair format')
        add(pair[0], pair[1])
      }
    } else for (const [k, v] of Object.entries(given)) add(k, v)
  } else if (given != null) throw new InvalidArgumentError('headers must be an object or an array')
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
 * read to the end. A GET's or HEAD's is
 * dropped: a Request cannot carry it.
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
  } else
    throw new InvalidArgumentError(
      'body must be a string, a Buffer, a Readable stream, an iterable, or an async iterable',
    )
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
