// The look-alikes of undici's errors are undici's
// errors to anyone who checks: instanceof the
// undici package's classes, and the same fields,
// keys and symbols as the real ones.
import { errors } from 'undici'
import { describe, expect, it } from 'vitest'
import {
  BodyTimeoutError,
  HeadersTimeoutError,
  RequestAbortedError,
  SocketError,
  UndiciError,
  bodyTimeout,
  headersTimeout,
  requestAborted,
} from '../../../harness/sim/undici-errors.ts'
import { differences, observe } from '../../fidelity/support/observe.ts'

const SOCKET = {
  localAddress: '127.0.0.1',
  localPort: 49_152,
  remoteAddress: '127.0.0.1',
  remotePort: 443,
  remoteFamily: 'IPv4',
  timeout: undefined,
  bytesWritten: 120,
  bytesRead: 0,
}

describe("undici's errors, as look-alikes", () => {
  it('HeadersTimeoutError: the real one, field by field; instanceof its class and UndiciError only', () => {
    for (const e of [new HeadersTimeoutError(), headersTimeout()]) {
      expect(differences(observe(new errors.HeadersTimeoutError()), observe(e))).toEqual([])
      expect(Object.keys(e)).toEqual(Object.keys(new errors.HeadersTimeoutError()))
      expect(e).toBeInstanceOf(errors.HeadersTimeoutError)
      expect(e).toBeInstanceOf(errors.UndiciError)
      expect(e).not.toBeInstanceOf(errors.BodyTimeoutError)
      expect(e).not.toBeInstanceOf(errors.SocketError)
    }
  })

  it('BodyTimeoutError: the same', () => {
    for (const e of [new BodyTimeoutError(), bodyTimeout()]) {
      expect(differences(observe(new errors.BodyTimeoutError()), observe(e))).toEqual([])
      expect(Object.keys(e)).toEqual(Object.keys(new errors.BodyTimeoutError()))
      expect(e).toBeInstanceOf(errors.BodyTimeoutError)
      expect(e).not.toBeInstanceOf(errors.HeadersTimeoutError)
    }
  })

  it('RequestAbortedError (an abort with no reason): the same; instanceof AbortError too', () => {
    for (const e of [new RequestAbortedError(), requestAborted()]) {
      expect(differences(observe(new errors.RequestAbortedError()), observe(e))).toEqual([])
      expect(Object.keys(e)).toEqual(Object.keys(new errors.RequestAbortedError()))
      expect(e).toBeInstanceOf(errors.RequestAbortedError)
      expect(e).toBeInstanceOf((errors as unknown as { AbortError: typeof Error }).AbortError)
      expect(e).not.toBeInstanceOf(errors.SocketError)
    }
  })

  it('SocketError: the same, its message not enumerable', () => {
    const e = new SocketError('other side closed', SOCKET)
    const real = new errors.SocketError('other side closed', SOCKET as never)
    expect(differences(observe(real), observe(e))).toEqual([])
    expect(Object.keys(e)).toEqual(Object.keys(real))
    expect(e).toBeInstanceOf(errors.SocketError)
  })

  it("each extends a class named UndiciError, as undici's do", () => {
    for (const [mine, real] of [
      [new HeadersTimeoutError(), new errors.HeadersTimeoutError()],
      [new BodyTimeoutError(), new errors.BodyTimeoutError()],
      [new SocketError('x', SOCKET), new errors.SocketError('x')],
    ] as const) {
      const parent = (e: object) => Object.getPrototypeOf(Object.getPrototypeOf(e)).constructor.name
      expect(parent(mine)).toBe(parent(real))
      expect(mine).toBeInstanceOf(UndiciError)
      expect(mine).toBeInstanceOf(Error)
    }
  })
})
