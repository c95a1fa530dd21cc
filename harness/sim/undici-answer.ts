// One request to a run's host, answered to
// an undici handler as its client would:
// callbacks in order, each throw handled as
// core/request.js does, its timers played,
// faults raised as on a socket.
import { STATUS_CODES } from 'node:http'
import { injectedFault } from '../faults/network-error.ts'
import { routeFetch } from './network.ts'
import { oweTurns } from './owed-turns.ts'
import type { SignalRelease } from './signal-release.ts'
import { bodyTimeout, headersTimeout, requestAborted, SocketError } from './undici-errors.ts'
import type { Handler } from './undici-handler.ts'
import { type DispatchOptions, requestOf } from './undici-request.ts'
import { fastTimerDelay } from './undici-timeouts.ts'

export interface Answering {
  readonly headersMs: number
  readonly bodyMs: number
  readonly signals: SignalRelease
  /** The next ephemeral port (SocketError's). */
  readonly port: () => number
}

/**
 * onConnect, then onHeaders, onData and
 * onComplete([]); or onError, once.
 */
export async function answer(url: string, options: DispatchOptions, handler: Handler, how: Answering): Promise<void> {
  // Aborting it: the service sees the reason.
  const ours = new AbortController()
  how.signals.hold(ours.signal)
  // undici's request.aborted and .completed.
  let aborted = false
  let completed = false
  let timer: ReturnType<typeof setTimeout> | undefined
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined
  // Set while the client has paused us.
  let paused: (() => void) | null = null
  const resume = () => {
    const go = paused
    paused = null
    go?.()
  }
  const onError = (error: unknown) => {
    if (aborted) return
    aborted = true
    handler.onError?.(error)
    // undici ends the body a turn later.
    oweTurns(2)
  }
  // client-h1.js's abort: none once done;
  // no reason, RequestAbortedError.
  const fail = (reason?: unknown) => {
    if (aborted || completed) return
    const error = reason ?? requestAborted()
    clearTimeout(timer)
    if (!ours.signal.aborted) ours.abort(error)
    reader?.cancel(error).catch(() => {})
    onError(error)
    resume()
  }
  const over = () => aborted || completed
  try {
    handler.onConnect?.(fail)
  } catch (e) {
    return fail(e)
  }
  if (over()) return
  let request: Request
  let bytes: number
  try {
    ;({ request, bytes } = await requestOf(url, options, ours.signal))
  } catch (e) {
    return fail(e)
  }
  if (over()) return
  // Armed as the request is written.
  if (how.headersMs > 0) timer = setTimeout(() => fail(headersTimeout()), fastTimerDelay(how.headersMs))
  let response: Response
  try {
    response = await routeFetch(request)
  } catch (e) {
    return fail(causeOf(e, bytes, 0, how.port))
  }
  clearTimeout(timer)
  if (over()) return
  // The body timer, re-armed by each chunk
  // (client-h1.js); off while paused.
  const arm = () => {
    clearTimeout(timer)
    if (how.bodyMs > 0) timer = setTimeout(() => fail(bodyTimeout()), fastTimerDelay(how.bodyMs))
  }
  const wait = async (more: boolean | undefined) => {
    if (more !== false || over()) return
    clearTimeout(timer)
    await new Promise<void>((go) => (paused = go))
    if (!over()) arm()
  }
  const { status } = response
  const raw: Buffer[] = []
  response.headers.forEach((v, k) => raw.push(Buffer.from(k, 'latin1'), Buffer.from(v, 'latin1')))
  // A status line's reason: Node's server's.
  const statusText = response.statusText || STATUS_CODES[status] || 'unknown'
  arm()
  try {
    handler.onResponseStarted?.()
    await wait(handler.onHeaders?.(status, raw, resume, statusText))
  } catch (e) {
    return fail(e)
  }
  if (over()) return
  let read = 0
  // No body to HEAD, nor for 1xx, 204, 304.
  if (options.method !== 'HEAD' && status !== 204 && status !== 304) reader = response.body?.getReader()
  try {
    for (;;) {
      const chunk = reader ? await reader.read() : { done: true as const }
      if (over()) return
      if (chunk.done) break
      read += chunk.value.byteLength
      arm()
      let more: boolean | undefined
      try {
        more = handler.onData?.(Buffer.from(chunk.value.buffer, chunk.value.byteOffset, chunk.value.byteLength))
      } catch (e) {
        return fail(e)
      }
      await wait(more)
    }
  } catch (e) {
    return fail(causeOf(e, bytes, read, how.port))
  }
  clearTimeout(timer)
  completed = true
  try {
    handler.onComplete?.([])
  } catch (e) {
    onError(e)
  }
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
