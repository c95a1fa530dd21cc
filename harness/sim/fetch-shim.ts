// Shim 1: fetch fails in a run as undici
// 6.24.1 fails on a real socket: injected
// network errors in its shapes, and its own
// headers and body timeouts (msw ignores the
// dispatcher: it would wait forever).
import { FetchRequest } from '@mswjs/interceptors'
import { injectedFault, type InjectedFault } from '../faults/network-error.ts'
import { canRouteFetch, routeFetch } from './network.ts'
import { patchProperty, type Patch } from './patch.ts'
import { undiciBody } from './undici-body.ts'
import { headersTimeout, SocketError, type SocketInfo } from './undici-errors.ts'
import { fastTimerDelay, undiciTimeouts } from './undici-timeouts.ts'
import { isSimulatedUrl } from './vendor-hosts.ts'
import { SignalRelease } from './signal-release.ts'

export { SocketError } from './undici-errors.ts'

type Input = Parameters<typeof fetch>[0]
type Init = Parameters<typeof fetch>[1]

/** For bytesWritten; only nonzero matters. */
function requestBytes(input: Input, init: Init): number {
  try {
    return estimateBytes(input, init)
  } catch {
    return 0 // never replace the client's error
  }
}

function estimateBytes(input: Input, init: Init): number {
  const body = init?.body
  const bodyBytes =
    typeof body === 'string'
      ? Buffer.byteLength(body)
      : body instanceof Uint8Array
        ? body.byteLength
        : body instanceof URLSearchParams
          ? Buffer.byteLength(body.toString())
          : 0
  let headerBytes = 0
  new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined)).forEach(
    (v, k) => (headerBytes += k.length + v.length + 4),
  )
  return `${init?.method ?? 'GET'} ${new URL(urlOf(input)).pathname} HTTP/1.1\r\n`.length + headerBytes + 2 + bodyBytes
}

function urlOf(input: Input): string {
  return typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
}

/** For bytesRead: status line, headers, body so far. */
function responseBytes(response: Response, bodyBytes: number): number {
  let headerBytes = 0
  response.headers.forEach((v, k) => (headerBytes += k.length + v.length + 4))
  return `HTTP/1.1 ${response.status} ${response.statusText}\r\n`.length + headerBytes + 2 + bodyBytes
}

/**
 * undici's error for an injected fault:
 * `fetch failed` before the headers,
 * `terminated` while the body streams.
 */
export function undiciError(
  fault: InjectedFault,
  original: Error,
  bytesWritten: number,
  localPort: number,
  message: 'fetch failed' | 'terminated' = 'fetch failed',
  bytesRead = 0,
): TypeError {
  if (fault.code === 'ECONNRESET' && fault.reset === 'close') {
    // 127.0.0.1, as msw's socket (mockConnect).
    const socket: SocketInfo = {
      localAddress: '127.0.0.1',
      localPort,
      remoteAddress: '127.0.0.1',
      remotePort: fault.port,
      remoteFamily: 'IPv4',
      timeout: undefined,
      bytesWritten,
      bytesRead,
    }
    return new TypeError(message, { cause: new SocketError('other side closed', socket) })
  }
  // Otherwise the cause is the net error itself.
  return new TypeError(message, { cause: original })
}

/**
 * The caller's signal as the Request gets
 * it: init's (even null) over input's.
 */
function callerSignal(input: Input, init: Init): AbortSignal | null | undefined {
  // undici: init's signal unless undefined
  // (web/fetch/request.js), else input's.
  if (init && init.signal !== undefined) return init.signal
  return input instanceof Request ? input.signal : undefined
}

/**
 * undici's own Request, before msw re-parents
 * FetchRequest onto its header-recording proxy
 * (node:http's concern, not a service's).
 */
const NativeRequest = Object.getPrototypeOf(FetchRequest) as typeof Request

/**
 * The Request msw's fetch would build (its
 * FetchRequest), without msw's raw-header
 * bookkeeping: a GET's body dropped, duplex
 * 'half' for a body; msw's own for odd methods.
 */
function simulatedRequest(input: Input, init: NonNullable<Init>): Request {
  const method = init.method ?? (input instanceof Request ? input.method : undefined) ?? 'GET'
  const mode = init.mode ?? (input instanceof Request ? input.mode : undefined)
  const odd =
    ['CONNECT', 'TRACE', 'TRACK'].includes(method) || ['navigate', 'websocket', 'webtransport'].includes(mode as string)
  if (odd || !method) return new FetchRequest(input, init)
  const withBody = method !== 'HEAD' && method !== 'GET'
  return new NativeRequest(input, {
    ...init,
    method,
    mode,
    duplex: (init as { duplex?: string }).duplex ?? (withBody ? 'half' : undefined),
    ...(withBody ? {} : { body: undefined }),
  } as RequestInit)
}

export function fetchErrorShape(): Patch {
  const interceptedFetch = globalThis.fetch
  // Ephemeral ports, deterministic within a run.
  let nextPort = 49_152
  const signals = new SignalRelease()
  const shaped = (e: unknown, input: Input, init: Init): unknown => {
    const fault = injectedFault(e)
    return fault ? undiciError(fault, e as Error, requestBytes(input, init), nextPort++) : e
  }
  const patch = patchProperty(
    globalThis,
    'fetch',
    async (input: Input, init?: Init) => {
      const caller = callerSignal(input, init)
      // Only the mock services' requests: a
      // loopback one meets undici's own timers.
      let url: string
      try {
        url = urlOf(input)
      } catch {
        url = ''
      }
      if (!isSimulatedUrl(url) || (caller != null && !(caller instanceof AbortSignal))) {
        try {
          return await interceptedFetch(input, init)
        } catch (e) {
          throw shaped(e, input, init)
        }
      }
      const { headersMs, bodyMs } = undiciTimeouts(input, init)
      // The request's signal: the caller's and
      // ours, whose reason (undici's error) the
      // service and the history see.
      const ours = new AbortController()
      const signal = caller ? AbortSignal.any([caller, ours.signal]) : ours.signal
      signals.hold(ours.signal)
      if (signal !== ours.signal) signals.hold(signal)
      let timer: ReturnType<typeof setTimeout> | undefined
      // Armed as the request is written
      // (client-h1.js resumeH1); 0: never.
      if (headersMs > 0) timer = setTimeout(() => ours.abort(headersTimeout()), fastTimerDelay(headersMs))
      let response: Response
      // Answered here unless msw must see it
      // (a guest's handlers go first).
      const direct = canRouteFetch()
      let requestUrl: string | undefined
      try {
        if (direct) {
          // msw's fetch draws a request id from
          // Math.random (seeded in a run): drawn
          // here too, so histories stay the same.
          Math.random()
          // The request's signal is `signal` itself:
          // undici's own follower would sit in its
          // FinalizationRegistry until a full GC.
          const request = simulatedRequest(input, { ...init, signal: null })
          Object.defineProperty(request, 'signal', { value: signal })
          requestUrl = request.url
          response = await routeFetch(request)
        } else response = await interceptedFetch(input, { ...init, signal })
      } catch (e) {
        // msw rejects with the signal's reason:
        // ours if it fired first.
        if (ours.signal.aborted && e === ours.signal.reason) throw new TypeError('fetch failed', { cause: e })
        throw shaped(e, input, init)
      } finally {
        // A stray timer pulls time forward.
        clearTimeout(timer)
      }
      return undiciBody(response, {
        url: requestUrl,
        bodyMs,
        signals: caller ? [caller, ours.signal] : [ours.signal],
        giveUp: (reason) => ours.abort(reason),
        readError: (e, bodyBytes) => {
          const fault = injectedFault(e)
          if (!fault) return e
          const read = responseBytes(response, bodyBytes)
          return undiciError(fault, e as Error, requestBytes(input, init), nextPort++, 'terminated', read)
        },
      })
    },
    'fetch (error shape)',
  )
  // The run's request signals go with the patch.
  return {
    description: patch.description,
    intact: () => patch.intact(),
    reinstate: () => patch.reinstate(),
    undo() {
      signals.release()
      patch.undo()
    },
  }
}
