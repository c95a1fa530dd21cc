// Closes what msw never sees (sockets, UDP,
// DNS) to all but loopback. A blocked attempt
// fails as refused or unknown, and is recorded.
import dgram from 'node:dgram'
import dns from 'node:dns'
import net from 'node:net'
import { syncBuiltinExports } from './esm-sync.ts'
import { patchProperty, undoAll, type Patch } from './patch.ts'

export interface NetworkGuard {
  undo(): void
}

/** Hosts that stay on this machine. */
export function isLoopback(host: unknown): boolean {
  if (host === undefined || host === null || host === '') return true // Node's default: localhost
  if (typeof host !== 'string') return false
  const h = host.toLowerCase().replace(/^\[|\]$/g, '')
  return (
    h === 'localhost' ||
    h.endsWith('.localhost') ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h) ||
    h === '::1' ||
    h === '0:0:0:0:0:0:0:1' ||
    h === '::ffff:127.0.0.1'
  )
}

const RESOLVER_METHODS = [
  'resolve',
  'resolve4',
  'resolve6',
  'resolveAny',
  'resolveCaa',
  'resolveCname',
  'resolveMx',
  'resolveNaptr',
  'resolveNs',
  'resolvePtr',
  'resolveSoa',
  'resolveSrv',
  'resolveTxt',
  'reverse',
] as const

function blockedError(code: 'ECONNREFUSED' | 'ENOTFOUND', syscall: string, what: string): NodeJS.ErrnoException {
  return Object.assign(
    new Error(
      `${syscall} ${code} ${what} (faultline blocks network access outside the mock services; use the URLs in ctx.services)`,
    ),
    { code, syscall, errno: code === 'ENOTFOUND' ? -3008 : -111 },
  )
}

/** socket.connect()'s host and port, or path. */
function connectTarget(args: unknown[]): { host?: unknown; port?: unknown; path?: unknown } {
  let first = args[0]
  if (Array.isArray(first)) first = first[0] // net.connect()'s normalised args
  if (typeof first === 'object' && first !== null) return first as { host?: unknown; port?: unknown; path?: unknown }
  if (typeof first === 'number' || (typeof first === 'string' && /^\d+$/.test(first)))
    return { port: first, host: typeof args[1] === 'string' ? args[1] : undefined }
  return { path: first }
}

/** What was tried, and the host it named. */
export type Blocked = (what: string, host: string) => void

/** The newest guard hears of blocked attempts. */
const listeners: Blocked[] = []
let installed: { undo(): void } | null = null

/**
 * Guard the network until `undo()`. Guards
 * nest: patched once, undone with the last.
 */
export function installNetworkGuard(blocked: Blocked): NetworkGuard {
  installed ??= patchAll((what, host) => listeners.at(-1)?.(what, host))
  listeners.push(blocked)
  let undone = false
  return {
    undo() {
      if (undone) return
      undone = true
      listeners.splice(listeners.lastIndexOf(blocked), 1)
      if (listeners.length > 0) return
      const patches = installed
      installed = null
      patches?.undo()
    },
  }
}

function patchAll(blocked: Blocked): { undo(): void } {
  const patches: Patch[] = []
  try {
    const connect = net.Socket.prototype.connect
    patches.push(
      patchProperty(
        net.Socket.prototype,
        'connect',
        function (this: net.Socket, ...args: unknown[]) {
          const target = connectTarget(args)
          if (target.path !== undefined || isLoopback(target.host))
            return (connect as (...a: unknown[]) => net.Socket).apply(this, args)
          const what = `${String(target.host)}:${String(target.port)}`
          blocked(`connect ${what}`, String(target.host))
          process.nextTick(() => this.destroy(blockedError('ECONNREFUSED', 'connect', what)))
          return this
        } as typeof connect,
        'net.Socket.prototype.connect (network guard)',
      ),
    )
    const send = dgram.Socket.prototype.send
    patches.push(
      patchProperty(
        dgram.Socket.prototype,
        'send',
        function (this: dgram.Socket, ...args: unknown[]) {
          // send(msg, [offset, length,] port, address, cb)
          const address = args.slice(1).find((a) => typeof a === 'string')
          if (address === undefined || isLoopback(address)) return (send as (...a: unknown[]) => void).apply(this, args)
          blocked(`udp send to ${address}`, String(address))
          const callback = args.findLast((a) => typeof a === 'function') as ((e: Error) => void) | undefined
          const error = blockedError('ECONNREFUSED', 'send', String(address))
          process.nextTick(() => (callback ? callback(error) : this.emit('error', error)))
        } as typeof send,
        'dgram.Socket.prototype.send (network guard)',
      ),
    )
    const dgramConnect = dgram.Socket.prototype.connect
    patches.push(
      patchProperty(
        dgram.Socket.prototype,
        'connect',
        function (this: dgram.Socket, port: number, address?: unknown, callback?: unknown) {
          const cb = typeof address === 'function' ? address : callback
          if (typeof address !== 'string' || isLoopback(address))
            return (dgramConnect as (...a: unknown[]) => void).call(this, port, address, callback)
          blocked(`udp connect ${address}:${port}`, address)
          const error = blockedError('ECONNREFUSED', 'connect', `${address}:${port}`)
          process.nextTick(() =>
            typeof cb === 'function' ? (cb as (e: Error) => void)(error) : this.emit('error', error),
          )
        } as typeof dgramConnect,
        'dgram.Socket.prototype.connect (network guard)',
      ),
    )
    // Only loopback resolves (msw answers .test).
    const lookup = dns.lookup
    patches.push(
      patchProperty(
        dns,
        'lookup',
        ((hostname: string, ...rest: unknown[]) => {
          if (isLoopback(hostname)) return (lookup as (...a: unknown[]) => void)(hostname, ...rest)
          blocked(`dns lookup ${hostname}`, hostname)
          const callback = rest.findLast((a) => typeof a === 'function') as ((e: Error) => void) | undefined
          process.nextTick(() => callback?.(blockedError('ENOTFOUND', 'getaddrinfo', hostname)))
        }) as typeof lookup,
        'dns.lookup (network guard)',
      ),
    )
    const promiseLookup = dns.promises.lookup
    patches.push(
      patchProperty(
        dns.promises,
        'lookup',
        (async (hostname: string, ...rest: unknown[]) => {
          if (isLoopback(hostname)) return (promiseLookup as (...a: unknown[]) => Promise<unknown>)(hostname, ...rest)
          blocked(`dns lookup ${hostname}`, hostname)
          throw blockedError('ENOTFOUND', 'getaddrinfo', hostname)
        }) as typeof promiseLookup,
        'dns.promises.lookup (network guard)',
      ),
    )
    // Resolvers need a DNS server: none in a run.
    const refuse = (method: string, promise: boolean) =>
      function (this: unknown, hostname: unknown, ...rest: unknown[]) {
        blocked(`dns ${method} ${String(hostname)}`, String(hostname))
        const error = blockedError('ENOTFOUND', method, String(hostname))
        if (promise) return Promise.reject(error)
        const callback = rest.findLast((a) => typeof a === 'function') as ((e: Error) => void) | undefined
        process.nextTick(() => callback?.(error))
        return undefined
      }
    for (const m of RESOLVER_METHODS) {
      patches.push(
        patchProperty(dns as unknown as Record<string, unknown>, m, refuse(m, false), `dns.${m} (network guard)`),
      )
      patches.push(
        patchProperty(
          dns.promises as unknown as Record<string, unknown>,
          m,
          refuse(m, true),
          `dns.promises.${m} (network guard)`,
        ),
      )
      patches.push(
        patchProperty(
          dns.Resolver.prototype as unknown as Record<string, unknown>,
          m,
          refuse(m, false),
          `dns.Resolver#${m} (network guard)`,
        ),
      )
      patches.push(
        patchProperty(
          dns.promises.Resolver.prototype as unknown as Record<string, unknown>,
          m,
          refuse(m, true),
          `dns.promises.Resolver#${m} (network guard)`,
        ),
      )
    }
    syncBuiltinExports()
  } catch (e) {
    undoAll(patches)
    syncBuiltinExports()
    throw e
  }
  return {
    undo() {
      try {
        undoAll(patches)
      } finally {
        syncBuiltinExports()
      }
    },
  }
}
