// HTTP clients fail in a run as on real
// sockets (test/fidelity; docs/fidelity.md).
// Shims: fetch-shim.ts, http-timeout-shims.ts,
// socket-error-once.ts, undici-dispatcher.ts,
// undici-clients.ts.
import { getRawRequest } from '@mswjs/interceptors'
import { ClientRequest } from 'node:http'
import { fetchErrorShape } from './fetch-shim.ts'
import {
  requestTimeoutOnGlobalTimers,
  requestTimeoutOption,
  socketTimeoutOnGlobalTimers,
} from './http-timeout-shims.ts'
import { undoAll, type Patch } from './patch.ts'
import type { Dead } from './clock.ts'
import { undiciClients } from './undici-clients.ts'
import { undiciGlobalDispatcher } from './undici-dispatcher.ts'

/**
 * Resolves when the client gives up: fetch's
 * signal aborts, or node:http's ClientRequest
 * closes (its Request's signal never fires).
 */
export function clientGaveUp(request: Request): Promise<void> {
  return new Promise<void>((resolve) => {
    const { signal } = request
    if (signal.aborted) return resolve()
    signal.addEventListener('abort', () => resolve(), { once: true })
    const raw = getRawRequest(request)
    if (raw instanceof ClientRequest) {
      if (raw.destroyed) return resolve()
      raw.once('close', () => resolve())
    }
  })
}

/** `undo()` is checked (patch.ts). */
export interface ClientShims {
  /** A process died: what it held, freed. */
  died(dead: Dead): void
  undo(): void
}

/**
 * Install after msw: the fetch shim wraps
 * msw's fetch.
 */
export function installClientShims(): ClientShims {
  const patches: Patch[] = []
  try {
    patches.push(fetchErrorShape())
    patches.push(requestTimeoutOnGlobalTimers())
    patches.push(requestTimeoutOption())
    patches.push(socketTimeoutOnGlobalTimers())
    patches.push(undiciGlobalDispatcher())
    const clients = undiciClients()
    patches.push(clients)
    return { died: (dead) => clients.died(dead), undo: () => undoAll(patches) }
  } catch (e) {
    undoAll(patches)
    throw e
  }
}
