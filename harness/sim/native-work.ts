// Real work in flight: what the thread pool and the operating system are
// doing for the run (Web Crypto and node:crypto jobs, fs, zlib, name lookups,
// socket connects and writes). Virtual time must not move while any of it is
// pending — a microsecond digest would otherwise "take" whatever the next
// timer says — and a run is not stuck while it waits for it. Seen through
// async_hooks: a request starts at `init` and is done at its callback's
// `after` (which Node runs even when the callback throws).
//
// The hook has no `destroy`: with one, Node tracks the destruction of every
// promise of the thread (a weak callback per promise), which cost ~15 % of a
// run's CPU. Handles (sockets, zlib streams) are instead asked whether they are
// still open when it matters, through the object that owns them.
import { createHook } from 'node:async_hooks'

/** Async resource types that are one-shot native requests (crypto jobs end in REQUEST; HTTPCLIENTREQUEST is a JS object, not work). */
const REQUESTS = /^(?!HTTP)\w*REQUEST$|^FSREQ|REQWRAP$|^(WRITEWRAP|SHUTDOWNWRAP|TCPCONNECTWRAP|PIPECONNECTWRAP|UDPSENDWRAP|QUERYWRAP|FILEHANDLECLOSEREQ)$/
/** Sockets: open ones may still deliver data, so a run waiting on one is not stuck (the real-time budget bounds it). */
const SOCKETS = /^(TCPWRAP|PIPEWRAP|TLSWRAP)$/

export interface NativeWork {
  /** Native requests started and not yet done. */
  pending(): number
  /** Sockets opened and not yet closed. */
  openSockets(): number
  stop(): void
}

/** A zlib stream's state, as far as it tells whether its handle still has work on the thread pool. */
interface ZlibOwner {
  readonly destroyed?: boolean
  readonly writableLength?: number
  readonly writableEnded?: boolean
  readonly readableEnded?: boolean
}

/** The JS object that owns a native handle (a net.Socket or net.Server, a zlib stream), found by its state fields. */
function ownerOf(handle: object, field: string): Record<string, unknown> | undefined {
  return Object.getOwnPropertySymbols(handle)
    .map((k) => (handle as Record<symbol, unknown>)[k])
    .find((v): v is Record<string, unknown> => typeof v === 'object' && v !== null && field in v)
}

/**
 * A zlib handle works through its input a chunk at a time, each chunk a trip to
 * the thread pool, with no async resource of its own: it is busy while its
 * stream has input queued, or has ended its input and not yet its output.
 */
function zlibState(handle: object): 'busy' | 'idle' | 'done' {
  const owner = ownerOf(handle, 'writableEnded') as ZlibOwner | undefined
  if (!owner || owner.destroyed || owner.readableEnded) return 'done'
  return (owner.writableLength ?? 0) > 0 || owner.writableEnded === true ? 'busy' : 'idle'
}

/** A socket (or server) handle is open until its owner is destroyed or closed; one not yet owned counts as open. */
function socketOpen(handle: object): boolean {
  const owner = ownerOf(handle, 'destroyed') ?? ownerOf(handle, 'listening')
  if (!owner) return true
  if ('destroyed' in owner) return owner.destroyed !== true && owner.closed !== true
  return owner.listening === true
}

/**
 * A node:crypto job (PBKDF2Job, RandomBytesJob, HashJob, …) is an async resource
 * in both of its modes, but a synchronous one (`pbkdf2Sync`, `randomBytes(16)`
 * without a callback) has run by the time anyone looks, and never gets `after`:
 * only a job with a callback to call (`ondone`) is still work in flight.
 */
function finishedSyncJob(resource: object): boolean {
  return (resource.constructor?.name ?? '').endsWith('Job') && typeof (resource as { ondone?: unknown }).ondone !== 'function'
}

export function trackNativeWork(): NativeWork {
  const requests = new Map<number, object>()
  const sockets = new Map<number, object>()
  const zlibs = new Map<number, object>()
  const hook = createHook({
    init(id, type, _trigger, resource) {
      if (type === 'PROMISE') return
      if (REQUESTS.test(type)) requests.set(id, resource)
      else if (SOCKETS.test(type)) sockets.set(id, resource)
      else if (type === 'ZLIB') zlibs.set(id, resource)
    },
    after(id) {
      requests.delete(id)
    },
  })
  hook.enable()
  return {
    pending() {
      for (const [id, resource] of requests) if (finishedSyncJob(resource)) requests.delete(id)
      let busy = requests.size
      for (const [id, handle] of zlibs) {
        const state = zlibState(handle)
        if (state === 'busy') busy++
        else if (state === 'done') zlibs.delete(id)
      }
      return busy
    },
    openSockets() {
      for (const [id, handle] of sockets) if (!socketOpen(handle)) sockets.delete(id)
      return sockets.size
    },
    stop: () => {
      hook.disable()
      requests.clear()
      sockets.clear()
      zlibs.clear()
    },
  }
}
