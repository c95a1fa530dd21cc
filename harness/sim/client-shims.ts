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
import { ClientRequest } from 'node:http'
import { fetchErrorShape } from './fetch-shim.ts'
import { requestTimeoutOnGlobalTimers, requestTimeoutOption, socketTimeoutOnGlobalTimers } from './http-timeout-shims.ts'
import { undoAll, type Patch } from './patch.ts'

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
