// The supervisor's garbage dies young. fast-check
// builds each scenario's arbitraries anew (chain)
// with the constructors of the long-lived ones,
// so V8 pretenures those allocation sites: every
// scenario's arbitraries then go straight to the
// old generation, ~1.2 MB promoted per scavenge
// (0.1 MB without), a heap swinging 30-90 MB
// between major GCs (so RSS figures by chance)
// and ~10 % more main-thread CPU (issue 26). Set
// before the first draw: V8 does not take back
// a site's decision. No effect on semantics;
// workers keep the default (no gain measured).
// Our processes' entries call it (the CLI, npm
// start, the bench); a library user's process
// keeps V8's default.
import { setFlagsFromString } from 'node:v8'

let set = false

/** Once per process: no pretenuring by allocation site. */
export function keepGarbageYoung(): void {
  if (set) return
  set = true
  setFlagsFromString('--no-allocation-site-pretenuring')
}
