// Shim: the undici package's own Agents,
// Clients and Pools reach the run's services.
// Every request of a copy ends at a Client's
// dispatch() (Agent → Pool → Client): answered
// there, whatever sits above it (retries,
// interceptors, a proxy's tunnel) still plays.
import { createRequire } from 'node:module'
import { type Patch, patchProperty, undoAll } from './patch.ts'
import { SignalRelease } from './signal-release.ts'
import { answer } from './undici-answer.ts'
import { type Handler, legacy } from './undici-handler.ts'
import type { DispatchOptions } from './undici-request.ts'
import { dispatcherTimeouts, symbolValue } from './undici-timeouts.ts'
import { isSimulatedUrl } from './vendor-hosts.ts'

const require = createRequire(import.meta.url)

/** A copy's Client (5.x: lib/client.js). */
const CLIENT_FILE = /[\\/]lib[\\/](?:dispatcher[\\/])?client\.js$/

type Dispatch = (this: object, options: DispatchOptions, handler: Handler) => boolean

/** What a Client is, read from undici. */
interface Client {
  readonly closed: boolean
  readonly destroyed: boolean
  readonly pipelining: number
  emit(event: 'drain', origin: URL, targets: Client[]): boolean
}

/** One loaded copy of undici. */
interface Copy {
  readonly Client: abstract new (...args: never[]) => Client
  /** DispatcherBase.prototype: dispatch(). */
  readonly base: Record<'dispatch', Dispatch>
  /** core/request.js: its checks. */
  readonly Request: (new (origin: string, options: DispatchOptions, handler: Handler) => unknown) | null
  /** 7.x turns onRequestStart handlers. */
  readonly unwraps: boolean
  /** Kept: a bound one outlives its run. */
  route?: Dispatch
}

interface Run {
  readonly signals: SignalRelease
  readonly port: () => number
  /** Undone at its end. */
  readonly patches: Patch[]
}

/** The runs open in this thread, newest last. */
const open: Run[] = []

/** Copies seen in this thread, by Client. */
const copies = new Map<unknown, Copy>()

/**
 * Answer a run's hosts at every copy's Clients
 * until undone: those loaded, and any that
 * loads meanwhile.
 */
export function undiciClients(): Patch {
  // Ephemeral ports, deterministic within a run.
  let nextPort = 49_152
  const patches: Patch[] = []
  const run: Run = { signals: new SignalRelease(), port: () => nextPort++, patches }
  open.push(run)
  watchLoads()
  for (const copy of copies.values()) patchCopy(copy, patches)
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

function patchCopy(copy: Copy, patches: Patch[]): void {
  const route = routeOf(copy)
  if (copy.base.dispatch !== route) patches.push(patchProperty(copy.base, 'dispatch', route, 'an undici dispatch()'))
}

/**
 * One route per copy, kept: a dispatch bound
 * in a run (7.x compose) outlives it, so with
 * no run open it is the original.
 */
function routeOf(copy: Copy): Dispatch {
  if (copy.route) return copy.route
  const original = copy.base.dispatch
  copy.route = function route(this: object, options, handler) {
    const run = open.at(-1)
    const url = run && this instanceof copy.Client ? answerable(this, options, handler) : null
    if (!run || url === null || !valid(copy, this, options, handler)) return original.call(this, options, handler)
    return admit(this as Client, () =>
      answer(url, options, copy.unwraps ? legacy(handler) : handler, { ...dispatcherTimeouts(this, options), ...run }),
    )
  }
  return copy.route
}

/**
 * The URL, if the run answers it: the Client's
 * own origin (where it connects) and an
 * absolute path; not a CONNECT or upgrade.
 */
function answerable(client: Client, options: DispatchOptions, handler: Handler): string | null {
  if (client.closed || client.destroyed || typeof handler !== 'object' || handler === null) return null
  if (typeof options !== 'object' || options === null || options.upgrade || options.method === 'CONNECT') return null
  const origin = (symbolValue(client, 'url') as URL | undefined)?.origin
  if (origin === undefined || typeof options.path !== 'string' || !options.path.startsWith('/')) return null
  const url = `${origin}${options.path}`
  return isSimulatedUrl(url) ? url : null
}

/**
 * undici's own checks (a bad header, a removed
 * option): its Request throws, and the original
 * reports that as undici does, with no socket.
 */
function valid(copy: Copy, client: object, options: DispatchOptions, handler: Handler): boolean {
  // 6.x takes only the legacy kind.
  if (!copy.unwraps && typeof handler.onConnect !== 'function') return false
  if (!copy.Request) return true
  try {
    new copy.Request((symbolValue(client, 'url') as URL).origin, options, handler)
    return true
  } catch {
    return false
  }
}

/** A Client's requests answered and queued. */
interface Slots {
  running: number
  readonly waiting: (() => void)[]
  needDrain: boolean
}

const slots = new WeakMap<Client, Slots>()

/**
 * As many at once as the Client pipelines (1
 * by default), the rest queued; false when
 * full, then 'drain' when one ends, as a Pool
 * expects (pool-base.js).
 */
function admit(client: Client, send: () => Promise<void>): boolean {
  let s = slots.get(client)
  if (!s) slots.set(client, (s = { running: 0, waiting: [], needDrain: false }))
  const state = s
  const limit = Math.max(1, client.pipelining || 1)
  const start = () => {
    state.running++
    void send().finally(() => {
      state.running--
      const next = state.waiting.shift()
      if (next) return next()
      if (!state.needDrain) return
      state.needDrain = false
      client.emit('drain', symbolValue(client, 'url') as URL, [client])
    })
  }
  if (state.running < limit) start()
  else state.waiting.push(start)
  const full = state.running + state.waiting.length >= limit
  if (full) state.needDrain = true
  return !full
}

let watching = false

/**
 * Copies loaded so far, then each as it loads:
 * reading the whole CommonJS cache every run
 * cost 1 ms with 5,000 modules. The watch only
 * looks (it changes no load), so it stays.
 */
function watchLoads(): void {
  if (watching) return
  watching = true
  for (const file in require.cache) if (file.endsWith('client.js')) note(require.cache[file]?.exports, file)
  const Module = require('node:module') as { _load: Load; _resolveFilename: Resolve }
  const load = Module._load
  Module._load = function (this: unknown, request, parent, isMain) {
    const out = load.call(this, request, parent, isMain)
    if (typeof out === 'function' && out.name === 'Client' && !copies.has(out))
      try {
        note(out, Module._resolveFilename(request, parent, isMain))
      } catch {}
    return out
  }
}

type Load = (request: string, parent: unknown, isMain: boolean) => unknown
type Resolve = (request: string, parent: unknown, isMain: boolean) => string

/** An undici Client class, and its copy's parts. */
function note(Client: unknown, file: string): void {
  if (typeof Client !== 'function' || Client.name !== 'Client' || !CLIENT_FILE.test(file)) return
  const base = Object.getPrototypeOf(Client.prototype) as Copy['base'] | null
  if (typeof base?.dispatch !== 'function' || copies.has(Client)) return
  let Request: Copy['Request'] = null
  try {
    const found = require(file.replace(/(?:dispatcher[\\/])?client\.js$/, 'core/request.js'))
    if (typeof found === 'function' && found.name === 'Request') Request = found
  } catch {}
  const unwraps = /\bunwrap\b/i.test(String(base.dispatch))
  const copy: Copy = { Client: Client as Copy['Client'], base, Request, unwraps }
  copies.set(Client, copy)
  // Loaded in a run: answered from now on.
  const run = open.at(-1)
  if (run) patchCopy(copy, run.patches)
}
