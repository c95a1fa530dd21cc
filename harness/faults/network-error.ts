// Network errors as Node raises them: an Error with `code`, `errno` and
// `syscall`, never a generic "Network error". Marked so the fetch shim can wrap
// them the way undici does (TypeError('fetch failed', { cause })).
import { constants } from 'node:os'

const INJECTED = Symbol.for('faultline.injected-network-error')

export type NetworkErrorCode = 'ECONNREFUSED' | 'ECONNRESET' | 'ENOTFOUND' | 'ETIMEDOUT'

export interface NodeNetworkError extends Error {
  readonly code: NetworkErrorCode
  readonly errno: number
  readonly syscall: string
  readonly [INJECTED]: true
}

const SYSCALL: Record<NetworkErrorCode, string> = {
  ECONNREFUSED: 'connect',
  ECONNRESET: 'read',
  ENOTFOUND: 'getaddrinfo',
  ETIMEDOUT: 'connect',
}

export function networkError(code: NetworkErrorCode, host: string, port = 443): NodeNetworkError {
  const syscall = SYSCALL[code]
  const errno = code === 'ENOTFOUND' ? -3008 : -(constants.errno as Record<string, number>)[code]!
  const message =
    code === 'ENOTFOUND' ? `getaddrinfo ENOTFOUND ${host}` : code === 'ECONNRESET' ? 'read ECONNRESET' : `${syscall} ${code} ${host}:${port}`
  const error = new Error(message) as Error & Record<string, unknown>
  Object.assign(error, { errno, code, syscall })
  if (code === 'ENOTFOUND') Object.assign(error, { hostname: host })
  else if (code !== 'ECONNRESET') Object.assign(error, { address: host, port })
  Object.defineProperty(error, INJECTED, { value: true })
  return error as unknown as NodeNetworkError
}

export function isInjectedNetworkError(e: unknown): e is NodeNetworkError {
  return typeof e === 'object' && e !== null && (e as Record<symbol, unknown>)[INJECTED] === true
}

const ABANDONED = Symbol.for('faultline.abandoned-request')

/** Ends a handler whose client is gone (its response goes nowhere). */
export function abandonedRequest(why: string): Error {
  const e = new Error(`faultline: ${why}`)
  Object.defineProperty(e, ABANDONED, { value: true })
  return e
}

/** Throws a fault makes on purpose, as opposed to bugs. */
export function isExpectedThrow(e: unknown): boolean {
  return isInjectedNetworkError(e) || (typeof e === 'object' && e !== null && (e as Record<symbol, unknown>)[ABANDONED] === true)
}
