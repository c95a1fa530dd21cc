// Real work in flight (thread pool, fs, zlib,
// DNS, sockets, module loading): virtual time
// waits for it, and a run waiting on it is not
// stuck.
import { createHook } from 'node:async_hooks'
import { loaderRequestStarts, loading, onPromiseInit } from './module-loading.ts'

/**
 * One-shot native requests (crypto jobs end in
 * REQUEST; HTTPCLIENTREQUEST and undici's
 * UNDICI_REQUEST are JS, not work).
 */
const REQUESTS =
  /^(?!HTTP|UNDICI_)\w*REQUEST$|^FSREQ|REQWRAP$|^(WRITEWRAP|SHUTDOWNWRAP|TCPCONNECTWRAP|PIPECONNECTWRAP|UDPSENDWRAP|QUERYWRAP|FILEHANDLECLOSEREQ)$/
/** Open sockets may deliver: not stuck. */
const SOCKETS = /^(TCPWRAP|PIPEWRAP|TLSWRAP)$/

export interface NativeWork {
  /** Native requests (and module loads) not yet done. */
  pending(): number
  /** Sockets not yet closed. */
  openSockets(): number
  stop(): void
}

/** Fields that tell if a zlib handle is busy. */
interface ZlibOwner {
  readonly destroyed?: boolean
  readonly writableLength?: number
  readonly writableEnded?: boolean
  readonly readableEnded?: boolean
}

/** The JS object owning a native handle. */
function ownerOf(handle: object, field: string): Record<string, unknown> | undefined {
  return Object.getOwnPropertySymbols(handle)
    .map((k) => (handle as Record<symbol, unknown>)[k])
    .find((v): v is Record<string, unknown> => typeof v === 'object' && v !== null && field in v)
}

/**
 * zlib has no async resource per chunk: busy
 * while input is queued, or ended with output
 * still to come.
 */
function zlibState(handle: object): 'busy' | 'idle' | 'done' {
  const owner = ownerOf(handle, 'writableEnded') as ZlibOwner | undefined
  if (!owner || owner.destroyed || owner.readableEnded) return 'done'
  return (owner.writableLength ?? 0) > 0 || owner.writableEnded === true ? 'busy' : 'idle'
}

/** Open until its owner closes (or unowned). */
function socketOpen(handle: object): boolean {
  const owner = ownerOf(handle, 'destroyed') ?? ownerOf(handle, 'listening')
  if (!owner) return true
  if ('destroyed' in owner) return owner.destroyed !== true && owner.closed !== true
  return owner.listening === true
}

/**
 * A crypto job run synchronously never gets
 * `after`: only one with `ondone` is pending.
 */
function finishedSyncJob(resource: object): boolean {
  return (
    (resource.constructor?.name ?? '').endsWith('Job') &&
    typeof (resource as { ondone?: unknown }).ondone !== 'function'
  )
}

export function trackNativeWork(): NativeWork {
  const requests = new Map<number, object>()
  const sockets = new Map<number, object>()
  const zlibs = new Map<number, object>()
  /** Loader requests' ports not yet closed. */
  const loads = new Set<number>()
  // No `destroy` hook: it tracks every promise
  // (~15 % of a run's CPU). Handles are asked
  // through their owners instead.
  const hook = createHook({
    init(id, type, _trigger, resource) {
      if (type === 'PROMISE') return onPromiseInit()
      if (REQUESTS.test(type)) requests.set(id, resource)
      else if (SOCKETS.test(type)) sockets.set(id, resource)
      else if (type === 'ZLIB') zlibs.set(id, resource)
      else if (type === 'MESSAGEPORT' && loaderRequestStarts()) loads.add(id)
    },
    // Node runs `after` even if the callback throws.
    after(id) {
      requests.delete(id)
      loads.delete(id)
    },
  })
  /**
   * The loader's port, once known (a failed
   * load never closes its channel); else the
   * channels not yet closed.
   */
  const loadsInFlight = (): number => {
    const now = loading()
    if (now === null) return loads.size
    loads.clear()
    return now ? 1 : 0
  }
  hook.enable()
  return {
    pending() {
      for (const [id, resource] of requests) if (finishedSyncJob(resource)) requests.delete(id)
      let busy = requests.size + loadsInFlight()
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
      loads.clear()
    },
  }
}
