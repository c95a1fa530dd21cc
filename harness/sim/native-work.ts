// Real work in flight (thread-pool jobs, fs, zlib, DNS,
// socket writes): virtual time waits for it, and a run
// waiting on it is not stuck. Seen through async_hooks.
import { createHook } from 'node:async_hooks'

/**
 * One-shot native request types (crypto jobs end in
 * REQUEST; HTTPCLIENTREQUEST is a JS object, not work).
 */
const REQUESTS = /^(?!HTTP)\w*REQUEST$|^FSREQ|REQWRAP$|^(WRITEWRAP|SHUTDOWNWRAP|TCPCONNECTWRAP|PIPECONNECTWRAP|UDPSENDWRAP|QUERYWRAP|FILEHANDLECLOSEREQ)$/
/** An open socket may deliver: a run waiting isn't stuck. */
const SOCKETS = /^(TCPWRAP|PIPEWRAP|TLSWRAP)$/

export interface NativeWork {
  /** Native requests started and not yet done. */
  pending(): number
  /** Sockets opened and not yet closed. */
  openSockets(): number
  stop(): void
}

/** The zlib stream fields that tell if its handle is busy. */
interface ZlibOwner {
  readonly destroyed?: boolean
  readonly writableLength?: number
  readonly writableEnded?: boolean
  readonly readableEnded?: boolean
}

/** The JS object owning a native handle, found by a field. */
function ownerOf(handle: object, field: string): Record<string, unknown> | undefined {
  return Object.getOwnPropertySymbols(handle)
    .map((k) => (handle as Record<symbol, unknown>)[k])
    .find((v): v is Record<string, unknown> => typeof v === 'object' && v !== null && field in v)
}

/**
 * A zlib handle has no async resource per chunk: busy while
 * input is queued, or input has ended and output not.
 */
function zlibState(handle: object): 'busy' | 'idle' | 'done' {
  const owner = ownerOf(handle, 'writableEnded') as ZlibOwner | undefined
  if (!owner || owner.destroyed || owner.readableEnded) return 'done'
  return (owner.writableLength ?? 0) > 0 || owner.writableEnded === true ? 'busy' : 'idle'
}

/** Open until its owner closes; an unowned one counts as open. */
function socketOpen(handle: object): boolean {
  const owner = ownerOf(handle, 'destroyed') ?? ownerOf(handle, 'listening')
  if (!owner) return true
  if ('destroyed' in owner) return owner.destroyed !== true && owner.closed !== true
  return owner.listening === true
}

/**
 * A node:crypto job run synchronously (pbkdf2Sync) never
 * gets `after`: only one with `ondone` is in flight.
 */
function finishedSyncJob(resource: object): boolean {
  return (resource.constructor?.name ?? '').endsWith('Job') && typeof (resource as { ondone?: unknown }).ondone !== 'function'
}

export function trackNativeWork(): NativeWork {
  const requests = new Map<number, object>()
  const sockets = new Map<number, object>()
  const zlibs = new Map<number, object>()
  // No `destroy` hook: it tracks every promise, ~15 % of a
  // run's CPU. Handles are asked through their owner instead.
  const hook = createHook({
    init(id, type, _trigger, resource) {
      if (type === 'PROMISE') return
      if (REQUESTS.test(type)) requests.set(id, resource)
      else if (SOCKETS.test(type)) sockets.set(id, resource)
      else if (type === 'ZLIB') zlibs.set(id, resource)
    },
    // Done: Node runs `after` even when the callback throws.
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
