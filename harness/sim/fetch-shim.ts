// Shim 1: injected network errors reach fetch
// callers in undici's real-socket shapes.
import { injectedFault, type InjectedFault } from '../faults/network-error.ts'
import { patchProperty, type Patch } from './patch.ts'

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
 * Like undici's SocketError; its brand symbols
 * make `instanceof` hold for undici's class.
 */
export class SocketError extends Error {
  declare readonly code: 'UND_ERR_SOCKET'
  declare readonly socket: SocketInfo
  constructor(message: string, socket: SocketInfo) {
    super(message)
    // Own and enumerable, in undici's order.
    Object.assign(this, {
      name: 'SocketError',
      code: 'UND_ERR_SOCKET',
      socket,
      [Symbol.for('undici.error.UND_ERR')]: true,
      [Symbol.for('undici.error.UND_ERR_SOCKET')]: true,
    })
  }
}

/** For bytesWritten; only nonzero matters. */
function requestBytes(input: Parameters<typeof fetch>[0], init: Parameters<typeof fetch>[1]): number {
  try {
    return estimateBytes(input, init)
  } catch {
    return 0 // never replace the client's error
  }
}

function estimateBytes(input: Parameters<typeof fetch>[0], init: Parameters<typeof fetch>[1]): number {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
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
  return `${init?.method ?? 'GET'} ${new URL(url).pathname} HTTP/1.1\r\n`.length + headerBytes + 2 + bodyBytes
}

/** undici's fetch error for an injected fault. */
export function undiciError(fault: InjectedFault, original: Error, bytesWritten: number, localPort: number): TypeError {
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
      bytesRead: 0,
    }
    return new TypeError('fetch failed', { cause: new SocketError('other side closed', socket) })
  }
  // Otherwise the cause is the net error itself.
  return new TypeError('fetch failed', { cause: original })
}

export function fetchErrorShape(): Patch {
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
