// Shims 2–4: node:http and net timeouts, as
// Node times them, on the global (virtual)
// timers; Node's own are out of a fake's reach.
import { ClientRequest, type IncomingMessage } from 'node:http'
import net from 'node:net'
import { patchProperty, type Patch } from './patch.ts'
import { errorOncePerDestroy } from './socket-error-once.ts'

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
  // Per call: virtual in a run, real outside.
  state.timer = globalThis.setTimeout(() => {
    state.timer = null
    if (!req.destroyed) req.emit('timeout')
  }, state.ms)
}

/** 2. ClientRequest#setTimeout. */
export function requestTimeoutOnGlobalTimers(): Patch {
  const proto = ClientRequest.prototype as TimedRequest
  const original = proto.setTimeout
  return patchProperty(
    proto,
    'setTimeout',
    function setTimeout(this: TimedRequest, msecs: number, callback?: () => void): TimedRequest {
      // As Node: not after the response ended;
      // bad durations get Node's error.
      if (this._ended) return this
      if (typeof msecs !== 'number' || Number.isNaN(msecs) || msecs < 0)
        return original.call(this, msecs, callback) as TimedRequest
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
        // As Node: a response re-arms it, close ends it.
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

/** 3. The `timeout` option, an Agent's. */
export function requestTimeoutOption(): Patch {
  const proto = ClientRequest.prototype as RequestWithOption & { onSocket(socket: unknown, err?: unknown): void }
  const original = proto.onSocket
  return patchProperty(
    proto,
    'onSocket',
    function onSocket(this: RequestWithOption, socket: unknown, err?: unknown): void {
      // An earlier setTimeout() wins, as in Node.
      if (typeof this.timeout === 'number' && !states.has(this)) this.setTimeout(this.timeout)
      if (socket instanceof net.Socket) requestOf.set(socket, this)
      errorOncePerDestroy(socket) // shim 5
      // An Agent's timeout goes on the socket and
      // reaches the request, as in Node; msw
      // wraps the agent (customAgent).
      const agent = (
        this as { agent?: { options?: { timeout?: unknown }; customAgent?: { options?: { timeout?: unknown } } } }
      ).agent
      const agentTimeout = agent?.customAgent?.options?.timeout ?? agent?.options?.timeout
      if (
        typeof agentTimeout === 'number' &&
        agentTimeout > 0 &&
        socket instanceof net.Socket &&
        !socketTimers.has(socket)
      ) {
        socket.setTimeout(agentTimeout)
        if (this.timeout === undefined && agent?.options?.timeout === undefined) {
          socket.once('timeout', () =>
            ((socket as net.Socket & { _httpMessage?: ClientRequest })._httpMessage ?? this).emit('timeout'),
          )
        }
      }
      original.call(this, socket, err)
    },
    'ClientRequest.prototype.onSocket (timeout option on global timers)',
  )
}

// net.Socket timeouts

type Timer = ReturnType<typeof globalThis.setTimeout>
const socketTimers = new WeakMap<net.Socket, { timer: Timer | null }>()
/** The request a socket was last given to. */
const requestOf = new WeakMap<net.Socket, TimedRequest>()

/** 4. net.Socket#setTimeout, armed once. */
export function socketTimeoutOnGlobalTimers(): Patch {
  const proto = net.Socket.prototype
  const original = proto.setTimeout
  return patchProperty(
    proto,
    'setTimeout',
    function setTimeout(this: net.Socket, msecs: number, callback?: () => void): net.Socket {
      if (this.destroyed) return this
      // Invalid: Node's own validation error.
      if (typeof msecs !== 'number' || Number.isNaN(msecs) || msecs < 0) return original.call(this, msecs, callback)
      ;(this as { timeout?: number }).timeout = msecs
      // Shim 2 times a request with a timeout;
      // Node's copy on the socket would be a
      // second timer its later calls never move.
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
      // Per call: virtual in a run, real outside.
      s.timer = globalThis.setTimeout(
        () => {
          s.timer = null
          if (!this.destroyed) this.emit('timeout')
        },
        Math.min(msecs, 2 ** 31 - 1),
      )
      if (callback) this.once('timeout', callback)
      return this
    } as typeof proto.setTimeout,
    'net.Socket.prototype.setTimeout (global timers)',
  )
}
