// The check on the address actually connected:
// Node's TCP and UDP handles, below net, tls,
// http, undici and dgram, whatever lookup gave
// the address (a custom one, happy eyeballs).
// DNS's own handles too, for callers that hold
// node:dns's internals.
import { isIP } from 'node:net'
import { constants } from 'node:os'
import type { Blocked } from './blocked-error.ts'
import { isLoopbackAddress } from './loopback.ts'
import { patchProperty, type Patch } from './patch.ts'

/** libuv's codes: Node turns them into errors. */
const ECONNREFUSED = -constants.errno.ECONNREFUSED
/** UV_EAI_NONAME: Node's ENOTFOUND. */
const EAI_NONAME = -3008
/** As loaded: an executor may replace it. */
const nextTick = process.nextTick.bind(process)

type Method = (this: object, ...args: unknown[]) => unknown
type Prototype = Record<string, Method>

interface Bindings {
  readonly tcp: Prototype
  readonly udp: Prototype
  readonly cares: Record<string, unknown> & { ChannelWrap: { prototype: Prototype } }
}

let found: Bindings | null = null

/** Node's handle classes (same as net uses), looked up once. */
function bindings(): Bindings {
  if (found !== null) return found
  try {
    const binding = (process as unknown as { binding(name: string): Record<string, { prototype: Prototype }> }).binding
    found = {
      tcp: binding('tcp_wrap').TCP!.prototype,
      udp: binding('udp_wrap').UDP!.prototype,
      cares: binding('cares_wrap') as unknown as Bindings['cares'],
    }
    return found
  } catch (e) {
    throw new Error(
      `faultline: cannot guard the network: Node's socket handles are out of reach (${(e as Error).message}); run with Node 20 or 22 without the permission model`,
    )
  }
}

let ownerSymbol: symbol | undefined

/** The name a socket looked up, if any. */
function nameOf(handle: object): string | null {
  ownerSymbol ??= Object.getOwnPropertySymbols(handle).find((s) => s.description === 'owner_symbol')
  const owner = ownerSymbol ? (handle as Record<symbol, { _host?: unknown } | undefined>)[ownerSymbol] : undefined
  const host = owner?._host
  return typeof host === 'string' && isIP(host) === 0 ? host : null
}

/** Each listener's wrappers, by what they patch. */
const made = new WeakMap<Blocked, Map<string, { readonly original: unknown; readonly wrapper: Method }>>()
/** ChannelWrap's query methods (fixed in a process). */
let queries: string[] | null = null

/** Patch the handles (pushed onto `patches`). */
export function guardSockets(blocked: Blocked, patches: Patch[]): void {
  const { tcp, udp, cares } = bindings()
  let wrappers = made.get(blocked)
  if (wrappers === undefined) made.set(blocked, (wrappers = new Map()))
  const patch = (target: Record<string, unknown>, key: string, wrap: (original: Method) => Method, what: string) => {
    const original = target[key]
    if (typeof original !== 'function') return
    // Made once per original: a run's install only swaps.
    let entry = wrappers.get(what)
    if (entry?.original !== original) wrappers.set(what, (entry = { original, wrapper: wrap(original as Method) }))
    patches.push(patchProperty(target, key, entry.wrapper, `${what} (network guard)`))
  }

  // connect(req, address, port): refused as
  // libuv reports the kernel's ECONNREFUSED,
  // after the call (in place broke tls.connect)
  // and before any timer: the same instant.
  for (const m of ['connect', 'connect6'])
    patch(
      tcp,
      m,
      (original) =>
        function (this: object, ...args: unknown[]) {
          const [req, address, port] = args
          if (isLoopbackAddress(address)) return original.apply(this, args)
          const name = nameOf(this)
          const what = `connect ${String(address)}:${String(port)}`
          blocked(name ? `${what}, the address ${name} resolved to` : what, String(address), name ?? undefined)
          const request = req as { oncomplete?: Method } | null
          if (typeof request?.oncomplete !== 'function') return ECONNREFUSED
          // Read when delivered, as libuv does: happy
          // eyeballs clears it on an attempt's timeout.
          nextTick(() => {
            const done = request.oncomplete
            if (typeof done === 'function') done.call(request, ECONNREFUSED, this, request, false, false)
          })
          return 0
        },
      `TCP#${m}`,
    )

  // send(req, list, n, port, address, cb?), or
  // (req, list, n, cb?) once connected.
  for (const m of ['send', 'send6'])
    patch(
      udp,
      m,
      (original) =>
        function (this: object, ...args: unknown[]) {
          if (args.length < 6 || isLoopbackAddress(args[4])) return original.apply(this, args)
          blocked(`udp send to ${String(args[4])}:${String(args[3])}`, String(args[4]))
          return ECONNREFUSED
        },
      `UDP#${m}`,
    )
  for (const m of ['connect', 'connect6'])
    patch(
      udp,
      m,
      (original) =>
        function (this: object, ...args: unknown[]) {
          const [address, port] = args
          if (isLoopbackAddress(address)) return original.apply(this, args)
          blocked(`udp connect ${String(address)}:${String(port)}`, String(address))
          return ECONNREFUSED
        },
      `UDP#${m}`,
    )

  // Below dns.lookup and lookupService: never
  // needed, node:dns is answered above.
  patch(
    cares,
    'getaddrinfo',
    () =>
      function (this: object, ...args: unknown[]) {
        blocked(`dns lookup ${String(args[1])}`, String(args[1]))
        return EAI_NONAME
      },
    'getaddrinfo',
  )
  patch(
    cares,
    'getnameinfo',
    () =>
      function (this: object, ...args: unknown[]) {
        blocked(`dns lookupService ${String(args[1])}`, String(args[1]))
        return EAI_NONAME
      },
    'getnameinfo',
  )
  // query*(req, name, ttl), getHostByAddr(req, ip).
  const channel = cares.ChannelWrap.prototype
  queries ??= Object.getOwnPropertyNames(channel).filter((k) => /^query|^getHostByAddr$/.test(k))
  for (const m of queries)
    patch(
      channel,
      m,
      () =>
        function (this: object, ...args: unknown[]) {
          blocked(`dns ${m} ${String(args[1])}`, String(args[1]))
          return EAI_NONAME
        },
      `ChannelWrap#${m}`,
    )
}
