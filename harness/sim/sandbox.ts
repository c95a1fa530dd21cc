// Everything a run patches (clock, seeded
// randomness, client shims), installed and
// undone together, also when the run fails.
import { createRequire } from 'node:module'
import { syncBuiltinExports } from './esm-sync.ts'
import { installClientShims, type ClientShims } from './client-shims.ts'
import { installClock, type Dead, type TimerHooks, type VirtualClock } from './clock.ts'
import { patchProperty, undoAll, type Patch } from './patch.ts'
import { createRng, type Rng, uuidFrom } from './random.ts'

const nodeCrypto = createRequire(import.meta.url)('node:crypto') as typeof import('node:crypto')

export interface Sandbox {
  readonly clock: VirtualClock
  /**
   * A process died: its timers never fire, and
   * its requests hold no client's connection.
   */
  died(dead: Dead): void
  /** Undo all; throws if one was tampered. */
  dispose(): void
}

/**
 * Install after msw: the fetch shim wraps
 * msw's fetch.
 */
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
    // The executor's randomness, seeded.
    const rng = createRng(seed, 'executor')
    const uuid = () => uuidFrom(rng) as `${string}-${string}-${string}-${string}-${string}`
    patches.push(patchProperty(Math, 'random', () => rng.next(), 'Math.random'))
    patches.push(patchProperty(globalThis.crypto, 'randomUUID', uuid, 'crypto.randomUUID'))
    patches.push(
      patchProperty(nodeCrypto, 'randomUUID', uuid as typeof nodeCrypto.randomUUID, "node:crypto's randomUUID"),
    )
    // A stream of its own: Math.random's draws
    // stay what they were before it was seeded.
    // On Crypto's prototype: node:crypto's own
    // getRandomValues (a fixed getter) reads it.
    const proto = Object.getPrototypeOf(globalThis.crypto) as { getRandomValues: GetRandomValues }
    const fill = seededFill(createRng(seed, 'executor-bytes'), proto.getRandomValues.bind(globalThis.crypto))
    patches.push(patchProperty(proto, 'getRandomValues', fill, 'crypto.getRandomValues'))
    // console.error carries our messages: one
    // who replaces it is caught; it is put back.
    patches.push(patchProperty(console, 'error', console.error, 'console.error'))
    syncBuiltinExports()
    // Socket-true errors; virtual timeouts.
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
    died(dead) {
      clock.cancelTimersOf(dead)
      shims?.died(dead)
    },
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

type GetRandomValues = typeof globalThis.crypto.getRandomValues

/**
 * crypto.getRandomValues from `rng`: an integer
 * array of up to 64 KiB filled in place; any
 * other argument gets Node's own error.
 */
function seededFill(rng: Rng, real: GetRandomValues): GetRandomValues {
  return <T extends ArrayBufferView | null>(array: T): T => {
    const integers =
      ArrayBuffer.isView(array) &&
      !(array instanceof DataView) &&
      !(array instanceof Float32Array) &&
      !(array instanceof Float64Array)
    if (!integers || array.byteLength > 65_536) return real(array as never) as T
    new Uint8Array(array.buffer, array.byteOffset, array.byteLength).set(rng.bytes(array.byteLength))
    return array
  }
}
