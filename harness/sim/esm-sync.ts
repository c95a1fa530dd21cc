// ESM imports of builtins see a patch only
// after syncBuiltinESMExports(), a sweep of
// every builtin: a world syncs once as it opens
// and once as it ends; a worker forwards instead.
import { syncBuiltinESMExports } from 'node:module'
import { ExportForwarders } from './export-forwarders.ts'

let holding = 0
let pending = false
let forwarders: ExportForwarders | null = null
/** Who forwards now; a worker, for good. */
let forwarding = 0

/**
 * This thread is the harness's (a worker): ESM
 * imports of the builtins runs patch forward to
 * their CommonJS exports from now on, so a sync
 * costs nothing (two sweeps were ~4 % of a run).
 */
export function forwardBuiltinExports(): ExportForwarders {
  forwarders ??= new ExportForwarders()
  forwarding++
  return forwarders
}

/**
 * Forward while a campaign runs in the caller's
 * thread; the last release sweeps the plain
 * exports back (the sweeps were ~15 % of a run
 * that does nothing).
 */
export function forwardUntilReleased(): () => void {
  forwardBuiltinExports()
  let released = false
  return () => {
    if (released) return
    released = true
    if (--forwarding > 0) return
    forwarders = null
    syncBuiltinESMExports()
  }
}

/** Sync now, or at syncOnceAfter's end. */
export function syncBuiltinExports(): void {
  if (holding > 0) pending = true
  else sync()
}

/** Run `install` with one sync at its end. */
export function syncOnceAfter<T>(install: () => T): T {
  holding++
  try {
    return install()
  } finally {
    if (--holding === 0 && pending) {
      pending = false
      sync()
    }
  }
}

function sync(): void {
  if (forwarders) forwarders.sync()
  else syncBuiltinESMExports()
}
