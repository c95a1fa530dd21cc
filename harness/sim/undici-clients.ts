// Shim: the undici package's own Agents,
// Clients and Pools reach the run's services.
// Every request of a copy ends at a Client's
// dispatch() (Agent → Pool → Client): answered
// there, whatever sits above it (retries,
// interceptors, a proxy's tunnel) still plays.
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { abandonedRequest } from '../faults/network-error.ts'
import { type Patch, patchProperty, undoAll } from './patch.ts'
import { currentContext } from './attribution.ts'
import type { Dead } from './clock.ts'
import { SignalRelease } from './signal-release.ts'
import { forgiveTurns } from './owed-turns.ts'
import { answer } from './undici-answer.ts'
import { type Caller, callerOf, remember } from './undici-callers.ts'
import { InvalidArgumentError } from './undici-errors.ts'
import { type Handler, legacy } from './undici-handler.ts'
import type { DispatchOptions } from './undici-request.ts'
import { type SlotClient, Slots } from './undici-slots.ts'
import { dispatcherTimeouts, symbolValue } from './undici-timeouts.ts'
import { isSimulatedUrl } from './vendor-hosts.ts'

const require = createRequire(import.meta.url)

/** A copy's Client (5.x: lib/client.js). */
const CLIENT_FILE = /[\\/]lib[\\/](?:dispatcher[\\/])?client\.js$/

type Dispatch = (this: unknown, options: DispatchOptions, handler: Handler) => boolean
type Intercept = (dispatch: Dispatch) => Dispatch

interface Client extends SlotClient {
  readonly closed: boolean
  readonly destroyed: boolean
}

/** What undici's core Request makes of options. */
interface Checked {
  readonly headers: unknown[]
  readonly method: string
  readonly contentLength: number | null
  readonly blocking: boolean
  readonly idempotent: boolean
  readonly body: unknown
}

/** One loaded copy of undici. */
interface Parts {
  readonly Client: abstract new (...args: never[]) => Client
  /** DispatcherBase.prototype: dispatch(). */
  readonly base: Record<'dispatch', Dispatch>
  /** core/request.js: its checks. */
  readonly Request: (new (origin: string, options: DispatchOptions, handler: Handler) => Checked) | null
  /** 7.x: its UnwrapHandler (dispatch() turns onRequestStart handlers). */
  readonly Unwrap: { unwrap(handler: Handler): Handler } | null
  /** core/errors.js. */
  readonly errors: Record<string, new () => Error>
  /** core/util.js: bodyLength. */
  readonly util: { bodyLength(body: unknown): number | null } | null
}

interface Copy extends Parts {
  readonly route: Dispatch
}

interface Run {
  readonly signals: SignalRelease
  readonly port: () => number
  readonly slots: Slots
}

/** The runs open in this thread, newest last. */
const open: Run[] = []

/** Copies seen in this thread, by Client. */
const copies = new Map<unknown, Copy>()

/**
 * Answer a run's hosts at every copy's Clients
 * until undone; told when a process dies.
 */
export function undiciClients(): Patch & { died(dead: Dead): void } {
  // Ephemeral ports, deterministic within a run.
  let nextPort = 49_152
  const run: Run = { signals: new SignalRelease(), port: () => nextPort++, slots: new Slots() }
  open.push(run)
  forgiveTurns()
  // Already in place: checked, and put back.
  const patches = [...copies.values()].map((c) => patchProperty(c.base, 'dispatch', c.route, 'an undici dispatch()'))
  return {
    description: 'the undici clients',
    intact: () => patches.every((p) => p.intact()),
    reinstate() {
      for (const p of patches) if (!p.intact()) p.reinstate()
    },
    died: (dead) => run.slots.died(dead),
    undo() {
      const at = open.lastIndexOf(run)
      if (at >= 0) open.splice(at, 1)
      run.signals.release()
      run.slots.release()
      forgiveTurns()
      undoAll(patches)
    },
  }
}

/**
 * A copy's route, in place from its load on: a
 * dispatch bound outside a run (7.x compose)
 * still reaches it. With no run open it is
 * undici's own.
 */
function routeOf(copy: Parts): Dispatch {
  const original = copy.base.dispatch
  return function route(this: unknown, options, h) {
    const run = open.at(-1)
    // 7.x unwraps in dispatch(): what a Pool
    // queues is then a handler we have seen.
    const handler = run && copy.Unwrap && typeof h === 'object' && h !== null ? copy.Unwrap.unwrap(h) : h
    if (run) remember(handler)
    const caller = callerOf(handler)
    const origin = (run || caller) && this instanceof copy.Client ? answerable(this, options, handler) : null
    // With none open, a run's request is over.
    if (!run && origin !== null && caller) return abandoned(copy.Unwrap ? legacy(handler) : handler)
    if (!run || origin === null || (!copy.Unwrap && typeof handler.onConnect !== 'function'))
      return original.call(this, options, handler)
    const client = this as Client
    // 6.x Clients' own interceptors (a redirect
    // one by default) over the answer.
    let send: Dispatch = (o, h) => answerAt(copy, run, client, origin, o, h, caller ?? now)
    const intercepts = symbolValue(client, 'dispatch interceptors')
    if (Array.isArray(intercepts)) for (const i of [...intercepts].reverse()) send = (i as Intercept)(send)
    try {
      return send.call(client, options, handler)
    } catch (e) {
      return failed(copy, handler, e)
    }
  }
}

/**
 * A request of a finished run, sent on (a
 * Pool's queue drained at its end): failed,
 * never undici's own socket to a mock's host.
 * True: a Pool drains on (pool-base.js).
 */
function abandoned(handler: Handler): boolean {
  try {
    handler.onError?.(abandonedRequest('the run that made this request is over'))
  } catch {}
  return true
}

/**
 * The Client's own origin (where it connects),
 * if the run answers it there: an absolute
 * path, not a CONNECT or upgrade.
 */
function answerable(client: Client, options: DispatchOptions, handler: Handler): string | null {
  if (client.closed || client.destroyed || typeof handler !== 'object' || handler === null) return null
  if (typeof options !== 'object' || options === null || options.upgrade || options.method === 'CONNECT') return null
  const origin = (symbolValue(client, 'url') as URL | undefined)?.origin
  if (origin === undefined || typeof options.path !== 'string' || !options.path.startsWith('/')) return null
  return isSimulatedUrl(`${origin}${options.path}`) ? origin : null
}

/**
 * Checked by undici's own Request (what it
 * throws is the caller's, before any socket),
 * then sent in the caller's context when the
 * Client has a slot.
 */
function answerAt(
  copy: Parts,
  run: Run,
  client: Client,
  origin: string,
  o: DispatchOptions,
  h: Handler,
  caller: Caller,
): boolean {
  const checked = copy.Request ? new copy.Request(origin, o, h) : null
  // Its headers, once: an iterator is spent, and
  // a 'create' subscriber may have added some.
  const options = checked ? { ...o, headers: [...checked.headers] } : o
  const url = `${origin}${o.path}`
  const handler = copy.Unwrap ? legacy(h) : h
  const timeouts = dispatcherTimeouts(client, o)
  const mismatch =
    checked && lengthMismatch(copy, client, checked) ? copy.errors.RequestContentLengthMismatchError : null
  return run.slots.admit(client, symbolValue(client, 'url'), {
    alone: checked === null || checked.blocking || !checked.idempotent || streamed(checked.body),
    owner: caller(currentContext),
    abandon: () => abandoned(handler),
    start: () =>
      caller(async () => {
        // client-h1.js writeH1: before a byte.
        if (mismatch) return void handler.onError?.(new mismatch())
        await answer(url, options, handler, { ...timeouts, signals: run.signals, port: run.port })
      }),
  })
}

/**
 * A content-length the body's known size
 * belies, under strictContentLength (its
 * default): undici fails the request (a
 * stream's or FormData's: not played).
 */
function lengthMismatch(copy: Parts, client: Client, checked: Checked): boolean {
  const declared = checked.contentLength
  if (declared === null || !(symbolValue(client, 'strict content length') ?? true)) return false
  if (/^(GET|HEAD|OPTIONS|TRACE|CONNECT)$/.test(checked.method)) return false
  const length = copy.util?.bodyLength(checked.body)
  return typeof length === 'number' && length > 0 && length !== declared
}

/** As dispatch() reports a throw (dispatcher-base.js). */
function failed(copy: Parts, handler: Handler, e: unknown): boolean {
  const h = copy.Unwrap ? legacy(handler) : handler
  if (typeof h.onError !== 'function') {
    if (copy.Unwrap) throw e
    throw new InvalidArgumentError('invalid onError method')
  }
  h.onError(e)
  return false
}

/** A body undici sends alone (client-h1.js busy()). */
function streamed(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false
  return (
    typeof (body as { pipe?: unknown }).pipe === 'function' ||
    Symbol.asyncIterator in body ||
    Object.prototype.toString.call(body) === '[object FormData]'
  )
}

const now = <R>(fn: () => R): R => fn()

/**
 * Copies loaded so far, then each as it loads:
 * reading the whole CommonJS cache each run
 * cost 1 ms with 5,000 modules. From this
 * module's load, before an executor's.
 */
function watchLoads(): void {
  for (const file in require.cache) if (file.endsWith('client.js')) note(require.cache[file]?.exports, file)
  const Module = require('node:module') as { _load: Load; _resolveFilename: Resolve }
  const load = Module._load
  Module._load = function (this: unknown, request, parent, isMain) {
    const out = load.call(this, request, parent, isMain)
    try {
      if (typeof out === 'function' && out.name === 'Client' && !copies.has(out))
        note(out, Module._resolveFilename(request, parent, isMain))
    } catch {}
    return out
  }
}

type Load = (request: string, parent: unknown, isMain: boolean) => unknown
type Resolve = (request: string, parent: unknown, isMain: boolean) => string

/** An undici Client class: its route put in place. */
function note(Client: unknown, file: string): void {
  if (typeof Client !== 'function' || Client.name !== 'Client' || !CLIENT_FILE.test(file)) return
  const base = Object.getPrototypeOf(Client.prototype) as Copy['base'] | null
  const descriptor = base && Object.getOwnPropertyDescriptor(base, 'dispatch')
  if (!base || typeof descriptor?.value !== 'function' || copies.has(Client)) return
  const lib = file.replace(/(?:dispatcher[\\/])?client\.js$/, '')
  const found = required(`${lib}core/request.js`)
  const Request = typeof found === 'function' && found.name === 'Request' ? (found as Copy['Request']) : null
  const parts: Parts = {
    Client: Client as Copy['Client'],
    base,
    Request,
    Unwrap: existsSync(`${lib}handler/unwrap-handler.js`) ? required(`${lib}handler/unwrap-handler.js`) : null,
    errors: required(`${lib}core/errors.js`) ?? {},
    util: required(`${lib}core/util.js`),
  }
  const copy: Copy = { ...parts, route: routeOf(parts) }
  copies.set(Client, copy)
  // Answering at once; a run checks it is intact.
  Object.defineProperty(base, 'dispatch', { ...descriptor, value: copy.route })
}

/** A file of the copy, or null. */
function required<T>(file: string): T | null {
  try {
    return require(file) as T
  } catch {
    return null
  }
}

watchLoads()
