// Closes what msw never sees (sockets, UDP,
// DNS) to all but loopback, checked on the
// address connected, not the name asked for.
// A blocked attempt fails as refused or
// unknown, and is recorded.
import type { Blocked } from './blocked-error.ts'
import { guardDns } from './dns-guard.ts'
import { syncBuiltinExports } from './esm-sync.ts'
import { undoAll, type Patch } from './patch.ts'
import { guardSockets } from './socket-guard.ts'

export type { Blocked } from './blocked-error.ts'

export interface NetworkGuard {
  undo(): void
}

/** The newest guard hears of blocked attempts. */
const listeners: Blocked[] = []
let installed: { undo(): void } | null = null
/** One, for good: the guards' wrappers are made once for it. */
const dispatch: Blocked = (what, host, name) => listeners.at(-1)?.(what, host, name)

/**
 * Guard the network until `undo()`. Guards
 * nest: patched once, undone with the last.
 */
export function installNetworkGuard(blocked: Blocked): NetworkGuard {
  installed ??= patchAll(dispatch)
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
    guardSockets(blocked, patches)
    guardDns(blocked, patches)
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
