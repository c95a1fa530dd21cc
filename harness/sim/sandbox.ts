// Everything a run patches, installed together and undone together (also when
// the run fails): the virtual clock, seeded randomness, and fetch's error shape.
import { createRequire, syncBuiltinESMExports } from 'node:module'
import { installClock, type VirtualClock } from './clock.ts'
import { patchProperty, undoAll, type Patch } from './patch.ts'
import { createRng, uuidFrom } from './random.ts'
import { isInjectedNetworkError } from '../faults/network-error.ts'

const nodeCrypto = createRequire(import.meta.url)('node:crypto') as typeof import('node:crypto')

export interface Sandbox {
  readonly clock: VirtualClock
  /** Undo every patch. Safe to call once; throws if a patch was tampered with. */
  dispose(): void
}

export function installSandbox(seed: number): Sandbox {
  const patches: Patch[] = []
  const clock = installClock()
  try {
    // Randomness the executor and its SDKs draw is seeded for the length of the run.
    const rng = createRng(seed, 'executor')
    const uuid = () => uuidFrom(rng) as `${string}-${string}-${string}-${string}-${string}`
    patches.push(patchProperty(Math, 'random', () => rng.next(), 'Math.random'))
    patches.push(patchProperty(globalThis.crypto, 'randomUUID', uuid, 'crypto.randomUUID'))
    patches.push(patchProperty(nodeCrypto, 'randomUUID', uuid as typeof nodeCrypto.randomUUID, "node:crypto's randomUUID"))
    syncBuiltinESMExports()

    // Through msw, a network error reaches fetch's caller as it was thrown;
    // undici wraps it: TypeError('fetch failed', { cause }). Do the same.
    const interceptedFetch = globalThis.fetch
    patches.push(
      patchProperty(
        globalThis,
        'fetch',
        async (input: Parameters<typeof fetch>[0], init?: Parameters<typeof fetch>[1]) => {
          try {
            return await interceptedFetch(input, init)
          } catch (e) {
            if (isInjectedNetworkError(e)) throw new TypeError('fetch failed', { cause: e })
            throw e
          }
        },
        'fetch (error shape)',
      ),
    )
  } catch (e) {
    undoAll(patches)
    clock.uninstall()
    throw e
  }
  let disposed = false
  return {
    clock,
    dispose() {
      if (disposed) return
      disposed = true
      try {
        undoAll(patches)
        syncBuiltinESMExports()
      } finally {
        clock.uninstall()
      }
    },
  }
}
