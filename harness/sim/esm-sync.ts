// ESM imports of builtins see a patch only after
// syncBuiltinESMExports(); one per part cost ~10 % of a
// run, so a world opening or closing syncs once at its end.
import { syncBuiltinESMExports } from 'node:module'

let holding = 0
let pending = false

/** Sync builtins' ESM exports now, or at syncOnceAfter's end. */
export function syncBuiltinExports(): void {
  if (holding > 0) pending = true
  else syncBuiltinESMExports()
}

/** Run `install`, its syncs collapsed into one at its end. */
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
