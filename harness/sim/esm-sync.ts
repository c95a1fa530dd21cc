// `import { setTimeout } from 'node:timers'` binds to a builtin's ESM export,
// which follows a patch of the builtin only once `syncBuiltinESMExports()` has
// run. That walks every export of every builtin loaded as ESM: a run that
// installed and undid its patches with a sync after each part spent about a
// tenth of its time there. The parts sync through here, and a world opening or
// closing holds the syncs back to one at its end.
import { syncBuiltinESMExports } from 'node:module'

let holding = 0
let pending = false

/** Bring builtins' ESM exports up to date now, or at the end of the enclosing `syncOnceAfter`. */
export function syncBuiltinExports(): void {
  if (holding > 0) pending = true
  else syncBuiltinESMExports()
}

/** Run `install`, collapsing the syncs it asks for into one at its end (also when it throws). */
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
