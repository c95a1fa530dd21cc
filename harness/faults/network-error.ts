// Network errors exactly as Node's net/http raise
// them, marked as injected; test/fidelity checks them
// (docs/fidelity.md, docs/internals/engine.md).
import { constants } from 'node:os'
import { stackless } from '../contract/stackless.ts'
import { attempt } from '../contract/safe-read.ts'

/**
 * What was injected, kept aside: the
 * error has no property a real one lacks.
 */
const INJECTED = new WeakMap<object, InjectedFault>()

export type NetworkErrorCode = 'ECONNREFUSED' | 'ECONNRESET' | 'ENOTFOUND' | 'ETIMEDOUT'

/**
 * How a connection ends for ECONNRESET:
 * - `close`: the server closed it (FIN) before
 *   responding. node:http: `socket hang up` (code
 *   only); undici: `SocketError: other side closed`
 *   (UND_ERR_SOCKET).
 * - `rst`: TCP RST. Every client: `read ECONNRESET`.
 */
export type ResetKind = 'close' | 'rst'

export interface NetworkErrorOptions {
  /** The port the client connected to (default 443). */
  readonly port?: number
  /** ECONNRESET only (default 'close'). */
  readonly reset?: ResetKind
}

/** What was injected: enough to rebuild a client's error. */
export interface InjectedFault {
  readonly code: NetworkErrorCode
  readonly host: string
  readonly port: number
  /** For ECONNRESET; null otherwise. */
  readonly reset: ResetKind | null
}

export interface NodeNetworkError extends Error {
  readonly code: NetworkErrorCode
  readonly errno?: number
  readonly syscall?: string
}

const SYSCALL: Record<Exclude<NetworkErrorCode, 'ENOTFOUND'>, string> = {
  ECONNREFUSED: 'connect',
  ECONNRESET: 'read',
  ETIMEDOUT: 'connect',
}

function errnoOf(code: NetworkErrorCode): number {
  return code === 'ENOTFOUND' ? -3008 : -(constants.errno as Record<string, number>)[code]!
}

/**
 * A network error as Node raises it for `host`. Third
 * argument: a port (former signature) or options.
 */
export function networkError(
  code: NetworkErrorCode,
  host: string,
  options: number | NetworkErrorOptions = {},
): NodeNetworkError {
  const { port = 443, reset = 'close' } = typeof options === 'number' ? { port: options } : options
  const error = stackless(() => nodeError(code, host, port, reset))
  const injected: InjectedFault = { code, host, port, reset: code === 'ECONNRESET' ? reset : null }
  INJECTED.set(error, injected)
  return error as unknown as NodeNetworkError
}

function nodeError(code: NetworkErrorCode, host: string, port: number, reset: ResetKind): Error {
  let error: Error
  if (code === 'ENOTFOUND') {
    error = Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), {
      errno: errnoOf(code),
      code,
      syscall: 'getaddrinfo',
      hostname: host,
    })
  } else if (code === 'ECONNRESET' && reset === 'close') {
    // Node's ConnResetException: only `code`,
    // no `errno` (injected errors skip the
    // interceptor's Node-error test).
    error = Object.assign(new Error('socket hang up'), { code })
  } else if (code === 'ECONNRESET') {
    error = Object.assign(new Error('read ECONNRESET'), { errno: errnoOf(code), code, syscall: SYSCALL[code] })
  } else {
    error = Object.assign(new Error(`${SYSCALL[code]} ${code} ${host}:${port}`), {
      errno: errnoOf(code),
      code,
      syscall: SYSCALL[code],
      address: host,
      port,
    })
  }
  return error
}

export function isInjectedNetworkError(e: unknown): e is NodeNetworkError {
  return injectedFault(e) !== null
}

/** What was injected, or null for any other value. */
export function injectedFault(e: unknown): InjectedFault | null {
  return typeof e === 'object' && e !== null ? (INJECTED.get(e) ?? null) : null
}

const ABANDONED = Symbol.for('faultline.abandoned-request')

/**
 * Ends a handler whose client is
 * gone (its response goes nowhere).
 */
export function abandonedRequest(why: string): Error {
  const e = stackless(() => new Error(`faultline: ${why}`))
  Object.defineProperty(e, ABANDONED, { value: true })
  return e
}

/** Throws a fault makes on purpose, as opposed to bugs. */
export function isExpectedThrow(e: unknown): boolean {
  return (
    isInjectedNetworkError(e) ||
    (typeof e === 'object' && e !== null && attempt(() => (e as Record<symbol, unknown>)[ABANDONED] === true, false))
  )
}
