// ESM imports of builtins see a patch only
// after syncBuiltinESMExports(). One per part
// cost ~10 % of a run: a world syncs once.
import { syncBuiltinESMExports } from 'node:module'

let holding = 0
let pending = false

/** Sync now, or at syncOnceAfter's end. */
export function syncBuiltinExports(): void {
  if (holding > 0) pending = true
  else syncBuiltinESMExports()
}

/** Run `install` with one sync at its end. */
export function syncOnceAfter<T>(install: () => T): T {
  holding++
  try {
    return install()
  } finally {
    if (--holding === 0 && pending) {
      pending = false
      syncBuiltinESMExports()
    }
  }
}
