// Shim: the undici package's own Agents,
// Clients and Pools reach the run's services.
// Every request of a copy ends at a Client's
// kDispatch (Agent → Pool → Client): answered
// there, whatever sits above it (retries,
// interceptors, a proxy) still plays.
import { createRequire } from 'node:module'
import { type Patch, patchProperty, undoAll } from './patch.ts'
import { SignalRelease } from './signal-release.ts'
import { answer } from './undici-answer.ts'
import { type Handler, legacy } from './undici-handler.ts'
import type { DispatchOptions } from './undici-request.ts'
import { dispatcherTimeouts, symbolValue } from './undici-timeouts.ts'
import { isSimulatedUrl } from './vendor-hosts.ts'

/** The CommonJS cache, where undici loads. */
const loaded = createRequire(import.meta.url).cache

/** A copy's Client (5.x: lib/client.js). */
const CLIENT_FILE = /[\\/]lib[\\/](?:dispatcher[\\/])?client\.js$/

type Dispatch = (this: object, options: DispatchOptions, handler: Handler) => boolean

interface Run {
  readonly signals: SignalRelease
  readonly port: () => number
}

/** The runs open in this thread, newest last. */
const open: Run[] = []

/** One route per Client class, kept: see below. */
const routes = new WeakMap<object, Dispatch>()

/**
 * Answer a run's hosts at every loaded copy's
 * Client until undone. A copy first loaded
 * during a run is seen from the next one.
 */
export function undiciClients(): Patch {
  const patches: Patch[] = []
  for (const proto of clientPrototypes()) {
    const key = dispatchKey(proto)
    if (key === undefined) continue
    const route = routeOf(proto, key)
    if (proto[key] !== route) patches.push(patchProperty(proto, key, route, 'an undici Client'))
  }
  // Ephemeral ports, deterministic within a run.
  let nextPort = 49_152
  const run: Run = { signals: new SignalRelease(), port: () => nextPort++ }
  open.push(run)
  return {
    description: 'the undici clients',
    intact: () => patches.every((p) => p.intact()),
    reinstate() {
      for (const p of patches) if (!p.intact()) p.reinstate()
    },
    undo() {
      const at = open.lastIndexOf(run)
      if (at >= 0) open.splice(at, 1)
      run.signals.release()
      undoAll(patches)
    },
  }
}

/**
 * 6.x caches a Client's first dispatch on it
 * (dispatcher-base.js kInterceptedDispatch),
 * so the route outlives the run that set it:
 * with no run open it is the original.
 */
function routeOf(proto: Record<symbol, unknown>, key: symbol): Dispatch {
  const made = routes.get(proto)
  if (made) return made
  const original = proto[key] as Dispatch
  const route: Dispatch = function (this: object, options, handler) {
    const run = open.at(-1)
    const origin = options.origin ?? (symbolValue(this, 'url') as URL | undefined)?.origin
    const url = run && origin !== undefined && typeof options.path === 'string' ? join(origin, options.path) : null
    if (!run || url === null || options.upgrade || !isSimulatedUrl(url)) return original.call(this, options, handler)
    void answer(url, options, legacy(handler), { ...dispatcherTimeouts(this, options), ...run })
    return true
  }
  routes.set(proto, route)
  return route
}

function join(origin: unknown, path: string): string {
  return `${String(origin).replace(/\/$/, '')}${path}`
}

/** Loaded undici Client classes' prototypes. */
function clientPrototypes(): Record<symbol, unknown>[] {
  const out: Record<symbol, unknown>[] = []
  for (const file in loaded) {
    if (!file.endsWith('client.js') || !CLIENT_FILE.test(file)) continue
    const Client = loaded[file]?.exports as { name?: string; prototype?: unknown } | undefined
    if (typeof Client === 'function' && Client.name === 'Client' && typeof Client.prototype === 'object')
      out.push(Client.prototype as Record<symbol, unknown>)
  }
  return out
}

/** undici's kDispatch: Symbol('dispatch'). */
function dispatchKey(proto: Record<symbol, unknown>): symbol | undefined {
  const key = Object.getOwnPropertySymbols(proto).find((s) => s.description === 'dispatch')
  return key !== undefined && typeof proto[key] === 'function' ? key : undefined
}
