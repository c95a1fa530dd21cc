// Shim 5: msw's socket, destroyed with an error,
// emits it itself and again through net.Socket's
// destroy. A real socket emits it once, a tick
// later: got's once('error') left the second one
// an unhandled rejection (a false executor fault).
import type net from 'node:net'

type Emit = net.Socket['emit']

/**
 * Called as a ClientRequest gets its socket
 * (onSocket, http-timeout-shims.ts): one patch
 * of onSocket, or the two would see each other
 * as tampering.
 */
export function errorOncePerDestroy(socket: unknown): void {
  if (isMockSocket(socket)) emitErrorOnce(socket)
}

/** msw's class is not exported: known by name. */
function isMockSocket(socket: unknown): socket is net.Socket {
  return typeof socket === 'object' && socket !== null && socket.constructor?.name === 'MockHttpSocket'
}

function emitErrorOnce(socket: net.Socket): void {
  const destroy = socket.destroy
  socket.destroy = function (this: net.Socket, error?: Error) {
    if (!error) return destroy.call(this)
    // Its own emit skipped; net.Socket's stays.
    const own = Object.hasOwn(this, 'emit') ? this.emit : null
    const emit = this.emit
    let skipped = false
    this.emit = function (this: net.Socket, event: string | symbol, ...args: unknown[]) {
      if (!skipped && event === 'error' && args[0] === error) {
        skipped = true
        return this.listenerCount('error') > 0
      }
      return Reflect.apply(emit, this, [event, ...args]) as boolean
    } as Emit
    try {
      return destroy.call(this, error)
    } finally {
      if (own) this.emit = own
      else delete (this as { emit?: Emit }).emit
    }
  }
}
