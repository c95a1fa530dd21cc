// Everything a run patches, installed together and undone together (also when
// the run fails): the virtual clock, seeded randomness, and the client shims
// that make HTTP clients fail as they do on real sockets (client-shims.ts).
import { createRequire } from 'node:module'
import { syncBuiltinExports } from './esm-sync.ts'
import { installClientShims, type ClientShims } from './client-shims.ts'
import { installClock, type TimerHooks, type VirtualClock } from './clock.ts'
import { patchProperty, undoAll, type Patch } from './patch.ts'
import { createRng, uuidFrom } from './random.ts'

const nodeCrypto = createRequire(import.meta.url)('node:crypto') as typeof import('node:crypto')

export interface Sandbox {
  readonly clock: VirtualClock
  /** Undo every patch. Safe to call once; throws if a patch was tampered with. */
  dispose(): void
}

/** Install a run's patches. Call after msw's interception is installed (the fetch shim wraps its fetch). */
export function installSandbox(seed: number, hooks?: TimerHooks): Sandbox {
  const patches: Patch[] = []
  let shims: ClientShims | null = null
  const clock = installClock(hooks)
  const undoPatches = () => {
    try {
      try {
        shims?.undo()
      } finally {
        undoAll(patches)
      }
    } finally {
      syncBuiltinExports()
    }
  }
  try {
    // Randomness the executor and its SDKs draw is seeded for the length of the run.
    const rng = createRng(seed, 'executor')
    const uuid = () => uuidFrom(rng) as `${string}-${string}-${string}-${string}-${string}`
    patches.push(patchProperty(Math, 'random', () => rng.next(), 'Math.random'))
    patches.push(patchProperty(globalThis.crypto, 'randomUUID', uuid, 'crypto.randomUUID'))
    patches.push(patchProperty(nodeCrypto, 'randomUUID', uuid as typeof nodeCrypto.randomUUID, "node:crypto's randomUUID"))
    // console.error carries the harness's own messages (a blocked request, a harness bug): held as
    // it is, so an executor that replaces it to hide them is caught as tampering, and put back.
    patches.push(patchProperty(console, 'error', console.error, 'console.error'))
    syncBuiltinExports()
    // Client errors as on real sockets; client timeouts on the virtual clock.
    shims = installClientShims()
  } catch (e) {
    try {
      undoPatches()
    } finally {
      clock.uninstall()
    }
    throw e
  }
  let disposed = false
  return {
    clock,
    dispose() {
      if (disposed) return
      disposed = true
      try {
        undoPatches()
      } finally {
        clock.uninstall()
      }
    },
  }
}
