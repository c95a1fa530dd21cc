// networkError builds Node's own errors (node:http's
// view); the matrix suite compares them with real
// sockets. Here: each code's shape, the former
// signature, the marking, and when msw hands a
// throw to a client.
import { constants } from 'node:os'
import { describe, expect, it } from 'vitest'
import {
  abandonedRequest,
  injectedFault,
  isExpectedThrow,
  isInjectedNetworkError,
  networkError,
} from '../../harness/faults/network-error.ts'

const errno = (code: 'ECONNREFUSED' | 'ECONNRESET' | 'ETIMEDOUT') => -constants.errno[code]
const own = (e: object) =>
  Object.fromEntries(
    Object.getOwnPropertyNames(e)
      .filter((k) => k !== 'stack')
      .map((k) => [k, (e as Record<string, unknown>)[k]]),
  )

describe('networkError', () => {
  it('ECONNREFUSED: connect error with the address and port, like net', () => {
    const e = networkError('ECONNREFUSED', 'payments.test')
    expect(e).toBeInstanceOf(Error)
    expect(own(e)).toEqual({
      message: 'connect ECONNREFUSED payments.test:443',
      errno: errno('ECONNREFUSED'),
      code: 'ECONNREFUSED',
      syscall: 'connect',
      address: 'payments.test',
      port: 443,
    })
  })

  it('keeps the former (code, host, port) signature', () => {
    expect(networkError('ECONNREFUSED', 'h.test', 8080).message).toBe('connect ECONNREFUSED h.test:8080')
    expect(networkError('ETIMEDOUT', 'h.test', { port: 8443 })).toMatchObject({
      message: 'connect ETIMEDOUT h.test:8443',
      code: 'ETIMEDOUT',
      syscall: 'connect',
      errno: errno('ETIMEDOUT'),
    })
  })

  it("ECONNRESET defaults to a connection the server closed: node:http's 'socket hang up', with only a code", () => {
    const e = networkError('ECONNRESET', 'payments.test')
    expect(own(e)).toEqual({ message: 'socket hang up', code: 'ECONNRESET' })
    expect(e.constructor).toBe(Error)
    expect('errno' in e).toBe(false) // as Node's own: nothing inherited either
    expect(Object.getPrototypeOf(e)).toBe(Error.prototype)
    expect(injectedFault(e)).toEqual({ code: 'ECONNRESET', host: 'payments.test', port: 443, reset: 'close' })
  })

  it("ECONNRESET with reset 'rst': read ECONNRESET, as every client sees a TCP reset", () => {
    expect(own(networkError('ECONNRESET', 'payments.test', { reset: 'rst' }))).toEqual({
      message: 'read ECONNRESET',
      errno: errno('ECONNRESET'),
      code: 'ECONNRESET',
      syscall: 'read',
    })
  })

  it('ENOTFOUND: getaddrinfo error with the host name', () => {
    expect(own(networkError('ENOTFOUND', 'nowhere.test'))).toEqual({
      message: 'getaddrinfo ENOTFOUND nowhere.test',
      errno: -3008,
      code: 'ENOTFOUND',
      syscall: 'getaddrinfo',
      hostname: 'nowhere.test',
    })
  })

  it('is known as injected without carrying any property a real error lacks; other errors are not', () => {
    const e = networkError('ECONNREFUSED', 'payments.test')
    expect(isInjectedNetworkError(e)).toBe(true)
    expect(Object.keys(e)).toEqual(['errno', 'code', 'syscall', 'address', 'port'])
    expect(Object.getOwnPropertySymbols(e)).toEqual([])
    expect(
      isInjectedNetworkError(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED', errno: -111 })),
    ).toBe(false)
    expect(injectedFault(null)).toBeNull()
    expect(isExpectedThrow(e)).toBe(true)
    expect(isExpectedThrow(abandonedRequest('gone'))).toBe(true)
    expect(isExpectedThrow(new Error('a real bug'))).toBe(false)
  })
})
