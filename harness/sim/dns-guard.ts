// Name lookups in a run: IP literals and
// `localhost`/`*.localhost` are answered here
// (no getaddrinfo: it may ask a DNS server);
// every other name, and every DNS query, is
// refused and reported.
import dns from 'node:dns'
import { isIP } from 'node:net'
import { blockedError, type Blocked } from './blocked-error.ts'
import { isLoopbackAddress, isLoopbackName, loopbackAddresses, type LookupAddress } from './loopback.ts'
import { patchProperty, type Patch } from './patch.ts'

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

interface Asked {
  readonly family: number
  readonly all: boolean
}

/** dns.lookup's options: a family, or an object. */
function asked(options: unknown): Asked {
  const o = (typeof options === 'object' && options !== null ? options : { family: options }) as {
    family?: unknown
    all?: unknown
  }
  const family = o.family === 'IPv4' ? 4 : o.family === 'IPv6' ? 6 : Number(o.family ?? 0) || 0
  return { family, all: o.all === true }
}

/** The answer for a name we may answer; null: refuse. */
function answer(hostname: unknown, { family }: Asked): LookupAddress[] | null {
  if (hostname === undefined || hostname === null || hostname === '') return [] // Node's answer: none
  const literal = typeof hostname === 'string' ? isIP(hostname) : 0
  if (literal) return [{ address: hostname as string, family: literal as 4 | 6 }]
  return isLoopbackName(hostname) ? loopbackAddresses(family) : null
}

function lookup(blocked: Blocked) {
  return function lookup(hostname: unknown, options: unknown, callback?: unknown): object {
    const cb = (typeof options === 'function' ? options : callback) as (...a: unknown[]) => void
    if (typeof cb !== 'function')
      throw Object.assign(new TypeError('The "callback" argument must be of type function'), {
        code: 'ERR_INVALID_ARG_TYPE',
      })
    const a = asked(typeof options === 'function' ? undefined : options)
    const addresses = answer(hostname, a)
    if (addresses === null) {
      blocked(`dns lookup ${String(hostname)}`, String(hostname))
      process.nextTick(cb, blockedError('ENOTFOUND', 'getaddrinfo', String(hostname)))
    } else if (a.all)
      process.nextTick(
        cb,
        null,
        addresses.map((x) => ({ ...x })),
      )
    else process.nextTick(cb, null, addresses[0]?.address ?? null, addresses[0]?.family ?? (a.family === 6 ? 6 : 4))
    return {} // Node's: a request object
  }
}

function promiseLookup(blocked: Blocked) {
  return async function lookup(hostname: unknown, options?: unknown): Promise<unknown> {
    const a = asked(options)
    const addresses = answer(hostname, a)
    if (addresses === null) {
      blocked(`dns lookup ${String(hostname)}`, String(hostname))
      throw blockedError('ENOTFOUND', 'getaddrinfo', String(hostname))
    }
    if (a.all) return addresses.map((x) => ({ ...x }))
    return { address: addresses[0]?.address ?? null, family: addresses[0]?.family ?? (a.family === 6 ? 6 : 4) }
  }
}

/** Reverse lookups: loopback is `localhost`. */
function lookupService(blocked: Blocked, promise: boolean) {
  return function lookupService(address: unknown, port: unknown, callback?: unknown): unknown {
    const here = isLoopbackAddress(address)
    if (!here) blocked(`dns lookupService ${String(address)}`, String(address))
    const error = blockedError('ENOTFOUND', 'getnameinfo', String(address))
    const found = { hostname: 'localhost', service: String(port) }
    if (promise) return here ? Promise.resolve(found) : Promise.reject(error)
    const cb = callback as (...a: unknown[]) => void
    if (here) process.nextTick(cb, null, found.hostname, found.service)
    else process.nextTick(cb, error)
    return undefined
  }
}

/** Resolvers ask a DNS server: none in a run. */
function refuse(blocked: Blocked, method: string, promise: boolean) {
  return function (this: unknown, hostname: unknown, ...rest: unknown[]) {
    blocked(`dns ${method} ${String(hostname)}`, String(hostname))
    const error = blockedError('ENOTFOUND', method, String(hostname))
    if (promise) return Promise.reject(error)
    const callback = rest.findLast((a) => typeof a === 'function') as ((e: Error) => void) | undefined
    if (callback) process.nextTick(callback, error)
    return undefined
  }
}

type Replacement = readonly [target: Record<string, unknown>, key: string, value: unknown, what: string]

/** Made once per listener: a run's install only swaps. */
const made = new WeakMap<Blocked, readonly Replacement[]>()

function replacements(blocked: Blocked): readonly Replacement[] {
  const out: Replacement[] = []
  const add = (target: object, key: string, value: unknown, what: string) =>
    out.push([target as Record<string, unknown>, key, value, `${what} (network guard)`])
  add(dns, 'lookup', lookup(blocked), 'dns.lookup')
  add(dns.promises, 'lookup', promiseLookup(blocked), 'dns.promises.lookup')
  add(dns, 'lookupService', lookupService(blocked, false), 'dns.lookupService')
  add(dns.promises, 'lookupService', lookupService(blocked, true), 'dns.promises.lookupService')
  for (const m of RESOLVER_METHODS) {
    add(dns, m, refuse(blocked, m, false), `dns.${m}`)
    add(dns.promises, m, refuse(blocked, m, true), `dns.promises.${m}`)
    add(dns.Resolver.prototype, m, refuse(blocked, m, false), `dns.Resolver#${m}`)
    add(dns.promises.Resolver.prototype, m, refuse(blocked, m, true), `dns.promises.Resolver#${m}`)
  }
  return out
}

/** Patch node:dns's API (pushed onto `patches`). */
export function guardDns(blocked: Blocked, patches: Patch[]): void {
  let list = made.get(blocked)
  if (list === undefined) {
    list = replacements(blocked)
    made.set(blocked, list)
  }
  for (const [target, key, value, what] of list)
    if (typeof target[key] === 'function') patches.push(patchProperty(target, key, value, what))
}
