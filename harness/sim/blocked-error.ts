// The error a refused network attempt gets,
// shaped as Node's own (code, errno, syscall).
import { serviceOfHost } from './vendor-hosts.ts'

/**
 * What was tried, the host it named, and the
 * name an address was looked up by, if known.
 */
export type Blocked = (what: string, host: string, name?: string) => void

/** A mock's own name, looked up: the client went around msw. */
const AROUND =
  "faultline's mock services answer there to global fetch, node:http/https and the undici package, not to a client with sockets of its own"
const ELSEWHERE = 'faultline blocks network access outside the mock services; use the URLs in ctx.services'

export function blockedError(code: 'ECONNREFUSED' | 'ENOTFOUND', syscall: string, what: string): NodeJS.ErrnoException {
  const service = serviceOfHost(what)?.service
  const why = service === 'payments' || service === 'email' ? AROUND : ELSEWHERE
  return Object.assign(new Error(`${syscall} ${code} ${what} (${why})`), {
    code,
    syscall,
    errno: code === 'ENOTFOUND' ? -3008 : -111,
  })
}
