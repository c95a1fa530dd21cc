// What it takes for HTTP clients to fail inside a run exactly as they fail
// against real sockets (test/fidelity proves it cell by cell; docs/fidelity.md
// has the table). Global patches, each checked and undone:
//
// 1. `fetch`: msw rejects fetch with whatever a handler threw; undici wraps a
//    network failure as TypeError('fetch failed', { cause }), and a connection
//    the server closed after reading the request becomes
//    SocketError('other side closed', code UND_ERR_SOCKET). Injected errors are
//    turned into exactly that; everything else passes through untouched.
// 2. `ClientRequest.prototype.setTimeout` (node:http; used by stripe-node's
//    default client and by axios): Node arms it on the socket once it has
//    connected, but msw's socket only "connects" when a response is ready, and
//    socket timers are Node-internal ones no fake clock reaches. The shim keeps
//    Node's semantics — an idle timeout that emits 'timeout' on the request,
//    re-armed by the response and dropped when the request closes — on the
//    global timers, so inside a run it follows virtual time.
// 3. `ClientRequest.prototype.onSocket`: the `timeout` request option
//    (`http.request(url, { timeout })`) reaches Node's socket through the
//    agent's createConnection, which msw's agent never calls with it; the shim
//    arms the same timeout as (2) when the request gets its socket. An
//    `http.Agent({ timeout })` reaches the socket the same way (net.connect's
//    `socket.setTimeout(options.timeout)`); the shim does that on the socket.
// 4. `net.Socket.prototype.setTimeout` (a timeout set on the socket itself,
//    e.g. from the request's 'socket' event): Node arms it on internal timers;
//    the shim arms it on the global timers — virtual time in a run — and emits
//    'timeout' on the socket as Node does. (Node re-arms it on socket activity;
//    msw's socket shows none until the response, so it is armed once.)
import { getRawRequest } from '@mswjs/interceptors'
import { ClientRequest, type IncomingMessage } from 'node:http'
import net from 'node:net'
import { injectedFault, type InjectedFault } from '../faults/network-error.ts'
import { patchProperty, undoAll, type Patch } from './patch.ts'

/**
 * Resolves when the client abandons an intercepted request: its abort signal
 * fires (fetch), or — for node:http, whose intercepted Request carries a
 * signal that never fires — its ClientRequest closes while still waiting for
 * an answer (timed out and destroyed, aborted). Never, if neither can tell.
 * For the request pipeline's `clientGaveUp()`.
 */
export function clientGaveUp(request: Request): Promise<void> {
  return new Promise<void>((resolve) => {
    const { signal } = request
    if (signal.aborted) return resolve()
    signal.addEventListener('abort', () => resolve(), { once: true })
    const raw = getRawRequest(request)
    if (raw instanceof ClientRequest) {
      if (raw.destroyed) return resolve()
      raw.once('close', () => resolve())
    }
  })
}

/** Installed shims; `undo()` is checked (see patch.ts) and undoes all, also after a partial install. */
export interface ClientShims {
  undo(): void
}

/** Install every shim. Call after msw's interception is installed (the fetch shim wraps its fetch). */
export function installClientShims(): ClientShims {
  const patches: Patch[] = []
  try {
    patches.push(fetchErrorShape())
    patches.push(requestTimeoutOnGlobalTimers())
    patches.push(requestTimeoutOption())
    patches.push(socketTimeoutOnGlobalTimers())
  } catch (e) {
    undoAll(patches)
    throw e
  }
  return { undo: () => undoAll(patches) }
}

// ---------------------------------------------------------------------------
// 1. fetch (undici)

/** What undici puts in SocketError#socket. */
interface SocketInfo {
  readonly localAddress: string
  readonly localPort: number
  readonly remoteAddress: string
  readonly remotePort: number
  readonly remoteFamily: string
  readonly timeout: undefined
  readonly bytesWritten: number
  readonly bytesRead: number
}

/**
 * Shaped like undici's SocketError. Node's bundled undici does not export its
 * class, but brands its errors with these symbols, which is what makes
 * `e instanceof SocketError` true for the `undici` package's class too.
 */
export class SocketError extends Error {
  declare readonly code: 'UND_ERR_SOCKET'
  declare readonly socket: SocketInfo
  constructor(message: string, socket: SocketInfo) {
    super(message)
    // Own and enumerable, in undici's order.
    Object.assign(this, { name: 'SocketError', code: 'UND_ERR_SOCKET', socket, [Symbol.for('undici.error.UND_ERR')]: true, [Symbol.for('undici.error.UND_ERR_SOCKET')]: true })
  }
}

/** Rough size of the request on the wire (undici reports bytesWritten; only its presence is meaningful). */
function requestBytes(input: Parameters<typeof fetch>[0], init: Parameters<typeof fetch>[1]): number {
  try {
    return estimateBytes(input, init)
  } catch {
    return 0 // an estimate must never replace the client's error with its own
  }
}

function estimateBytes(input: Parameters<typeof fetch>[0], init: Parameters<typeof fetch>[1]): number {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
  const body = init?.body
  const bodyBytes = typeof body === 'string' ? Buffer.byteLength(body) : body instanceof Uint8Array ? body.byteLength : body instanceof URLSearchParams ? Buffer.byteLength(body.toString()) : 0
  let headerBytes = 0
  new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined)).forEach((v, k) => (headerBytes += k.length + v.length + 4))
  return `${init?.method ?? 'GET'} ${new URL(url).pathname} HTTP/1.1\r\n`.length + headerBytes + 2 + bodyBytes
}

/** The error undici's fetch raises for an injected network error. */
export function undiciError(fault: InjectedFault, original: Error, bytesWritten: number, localPort: number): TypeError {
  if (fault.code === 'ECONNRESET' && fault.reset === 'close') {
    // msw's socket pretends to connect to 127.0.0.1 (see its mockConnect); so do we.
    const socket: SocketInfo = { localAddress: '127.0.0.1', localPort, remoteAddress: '127.0.0.1', remotePort: fault.port, remoteFamily: 'IPv4', timeout: undefined, bytesWritten, bytesRead: 0 }
    return new TypeError('fetch failed', { cause: new SocketError('other side closed', socket) })
  }
  // Refused, reset (RST), not resolved, timed out: undici's cause is the net error itself.
  return new TypeError('fetch failed', { cause: original })
}

function fetchErrorShape(): Patch {
  const interceptedFetch = globalThis.fetch
  // Ephemeral ports, deterministic within a run.
  let nextPort = 49_152
  return patchProperty(
    globalThis,
    'fetch',
    async (input: Parameters<typeof fetch>[0], init?: Parameters<typeof fetch>[1]) => {
      try {
        return await interceptedFetch(input, init)
      } catch (e) {
        const fault = injectedFault(e)
        if (!fault) throw e
        throw undiciError(fault, e as Error, requestBytes(input, init), nextPort++)
      }
    },
    'fetch (error shape)',
  )
}

// ---------------------------------------------------------------------------
// 2. node:http request timeouts

interface TimeoutState {
  ms: number
  timer: ReturnType<typeof setTimeout> | null
  watching: boolean
}

type TimedRequest = ClientRequest & { _ended?: boolean }

const states = new WeakMap<ClientRequest, TimeoutState>()

function disarm(state: TimeoutState): void {
  if (state.timer !== null) globalThis.clearTimeout(state.timer)
  state.timer = null
}

function arm(req: TimedRequest, state: TimeoutState): void {
  disarm(state)
  if (state.ms === 0 || req.destroyed) return
  // Looked up per call: the run's virtual clock, or real timers outside a run.
  state.timer = globalThis.setTimeout(() => {
    state.timer = null
    if (!req.destroyed) req.emit('timeout')
  }, state.ms)
}

function requestTimeoutOnGlobalTimers(): Patch {
  const proto = ClientRequest.prototype as TimedRequest
  const original = proto.setTimeout
  return patchProperty(
    proto,
    'setTimeout',
    function setTimeout(this: TimedRequest, msecs: number, callback?: () => void): TimedRequest {
      // Node: nothing to time once the response has ended; invalid durations throw as Node throws them.
      if (this._ended) return this
      if (typeof msecs !== 'number' || Number.isNaN(msecs) || msecs < 0) return original.call(this, msecs, callback) as TimedRequest
      if (callback) this.once('timeout', callback)
      let state = states.get(this)
      if (!state) {
        state = { ms: 0, timer: null, watching: false }
        states.set(this, state)
      }
      state.ms = Math.min(msecs, 2 ** 31 - 1)
      if (!state.watching) {
        state.watching = true
        const s = state
        // Activity re-arms an idle timeout: the response arriving. The request closing (response
        // read, or destroyed) ends it, as Node drops the socket's timeout listener.
        this.once('response', (_res: IncomingMessage) => arm(this, s))
        this.once('close', () => disarm(s))
      }
      arm(this, state)
      return this
    } as typeof proto.setTimeout,
    'ClientRequest.prototype.setTimeout (global timers)',
  )
}

type RequestWithOption = TimedRequest & { timeout?: number }

function requestTimeoutOption(): Patch {
  const proto = ClientRequest.prototype as RequestWithOption & { onSocket(socket: unknown, err?: unknown): void }
  const original = proto.onSocket
  return patchProperty(
    proto,
    'onSocket',
    function onSocket(this: RequestWithOption, socket: unknown, err?: unknown): void {
      // Node validated the option in the constructor; a setTimeout() call made before this one wins, as in Node.
      if (typeof this.timeout === 'number' && !states.has(this)) this.setTimeout(this.timeout)
      if (socket instanceof net.Socket) requestOf.set(socket, this)
      // An agent's timeout is the socket's, set when the agent creates it (net.connect does so), and
      // the request hears of it (Node's listenSocketTimeout). msw wraps the caller's agent in its own.
      const agent = (this as { agent?: { options?: { timeout?: unknown }; customAgent?: { options?: { timeout?: unknown } } } }).agent
      const agentTimeout = agent?.customAgent?.options?.timeout ?? agent?.options?.timeout
      if (typeof agentTimeout === 'number' && agentTimeout > 0 && socket instanceof net.Socket && !socketTimers.has(socket)) {
        socket.setTimeout(agentTimeout)
        if (this.timeout === undefined && agent?.options?.timeout === undefined) {
          socket.once('timeout', () => ((socket as net.Socket & { _httpMessage?: ClientRequest })._httpMessage ?? this).emit('timeout'))
        }
      }
      original.call(this, socket, err)
    },
    'ClientRequest.prototype.onSocket (timeout option on global timers)',
  )
}

// ---------------------------------------------------------------------------
// 4. net.Socket timeouts

type Timer = ReturnType<typeof globalThis.setTimeout>
const socketTimers = new WeakMap<net.Socket, { timer: Timer | null }>()
/** The request a socket was last handed to (by `onSocket`). */
const requestOf = new WeakMap<net.Socket, TimedRequest>()

function socketTimeoutOnGlobalTimers(): Patch {
  const proto = net.Socket.prototype
  const original = proto.setTimeout
  return patchProperty(
    proto,
    'setTimeout',
    function setTimeout(this: net.Socket, msecs: number, callback?: () => void): net.Socket {
      if (this.destroyed) return this
      // Invalid durations: Node's own validation error.
      if (typeof msecs !== 'number' || Number.isNaN(msecs) || msecs < 0) return original.call(this, msecs, callback)
      ;(this as { timeout?: number }).timeout = msecs
      // A request with a timeout of its own is timed by (2); Node's copy of it onto the socket
      // (its agent's setRequestSocket) would be a second timer that the request's later calls never move.
      const req = requestOf.get(this)
      if (req && states.has(req) && !req._ended && !req.destroyed) {
        if (callback) this.once('timeout', callback)
        return this
      }
      let found = socketTimers.get(this)
      if (!found) {
        const fresh: { timer: Timer | null } = { timer: null }
        socketTimers.set(this, fresh)
        this.once('close', () => {
          if (fresh.timer !== null) globalThis.clearTimeout(fresh.timer)
          fresh.timer = null
        })
        found = fresh
      }
      const s = found
      if (s.timer !== null) globalThis.clearTimeout(s.timer)
      s.timer = null
      if (msecs === 0) {
        if (callback) this.removeListener('timeout', callback)
        return this
      }
      // Looked up per call: the run's virtual clock, or real timers outside a run.
      s.timer = globalThis.setTimeout(() => {
        s.timer = null
        if (!this.destroyed) this.emit('timeout')
      }, Math.min(msecs, 2 ** 31 - 1))
      if (callback) this.once('timeout', callback)
      return this
    } as typeof proto.setTimeout,
    'net.Socket.prototype.setTimeout (global timers)',
  )
}
