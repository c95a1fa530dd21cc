// undici 6.24.1's errors (lib/core/errors.js),
// as look-alikes: Node's bundled undici does
// not export its classes. The brand symbols
// make `instanceof` the undici package's
// classes hold, as for the real ones.
import { stackless } from '../contract/stackless.ts'

const UND_ERR = Symbol.for('undici.error.UND_ERR')
const brand = (code: string) => Symbol.for(`undici.error.${code}`)

/** What undici puts in SocketError#socket. */
export interface SocketInfo {
  readonly localAddress: string
  readonly localPort: number
  readonly remoteAddress: string
  readonly remotePort: number
  readonly remoteFamily: string
  readonly timeout: undefined
  readonly bytesWritten: number
  readonly bytesRead: number
}

/** undici's base class: its brand, name, code. */
export class UndiciError extends Error {
  declare readonly code: string
  constructor(message?: string) {
    super(message)
    // Own and enumerable, in undici's order
    // (the class field, then the constructor).
    Object.assign(this, { [UND_ERR]: true, name: 'UndiciError', code: 'UND_ERR' })
  }
}

/**
 * No headers within headersTimeout: the
 * parser's timer (client-h1.js
 * onParserTimeout, TIMEOUT_HEADERS).
 */
export class HeadersTimeoutError extends UndiciError {
  declare readonly code: 'UND_ERR_HEADERS_TIMEOUT'
  constructor() {
    super()
    // No message to super: undici's is set
    // after, so it is own and enumerable.
    Object.assign(this, {
      name: 'HeadersTimeoutError',
      message: 'Headers Timeout Error',
      code: 'UND_ERR_HEADERS_TIMEOUT',
      [brand('UND_ERR_HEADERS_TIMEOUT')]: true,
    })
  }
}

/** No body bytes within bodyTimeout. */
export class BodyTimeoutError extends UndiciError {
  declare readonly code: 'UND_ERR_BODY_TIMEOUT'
  constructor() {
    super()
    Object.assign(this, {
      name: 'BodyTimeoutError',
      message: 'Body Timeout Error',
      code: 'UND_ERR_BODY_TIMEOUT',
      [brand('UND_ERR_BODY_TIMEOUT')]: true,
    })
  }
}

/** A dispatch's options undici's core refuses. */
export class InvalidArgumentError extends UndiciError {
  declare readonly code: 'UND_ERR_INVALID_ARG'
  constructor(message: string) {
    super(message)
    Object.assign(this, {
      name: 'InvalidArgumentError',
      message,
      code: 'UND_ERR_INVALID_ARG',
      [brand('UND_ERR_INVALID_ARG')]: true,
    })
  }
}

/**
 * An abort with no reason (client-h1.js
 * `err || new RequestAbortedError()`).
 */
export class RequestAbortedError extends UndiciError {
  declare readonly code: 'UND_ERR_ABORTED'
  constructor() {
    super()
    Object.assign(this, {
      name: 'AbortError',
      message: 'Request aborted',
      code: 'UND_ERR_ABORTED',
      [brand('UND_ERR_ABORT')]: true,
      [brand('UND_ERR_ABORTED')]: true,
    })
  }
}

/** The server closed the connection. */
export class SocketError extends UndiciError {
  declare readonly code: 'UND_ERR_SOCKET'
  declare readonly socket: SocketInfo
  constructor(message: string, socket: SocketInfo) {
    super(message)
    Object.assign(this, {
      name: 'SocketError',
      code: 'UND_ERR_SOCKET',
      socket,
      [brand('UND_ERR_SOCKET')]: true,
    })
  }
}

/**
 * Made with no stack: one would pin the
 * run's world while the error is held.
 */
export const headersTimeout = (): HeadersTimeoutError => stackless(() => new HeadersTimeoutError())
export const bodyTimeout = (): BodyTimeoutError => stackless(() => new BodyTimeoutError())
export const requestAborted = (): RequestAbortedError => stackless(() => new RequestAbortedError())
