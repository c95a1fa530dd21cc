// msw wiring: one interception server for the process, routing every request
// to a `.test` host to whichever Network is active. Requests to any other host
// are unhandled, and unhandled requests are errors: nothing reaches a real network.
import { http, passthrough } from 'msw'
import { setupServer } from 'msw/node'
import { isExpectedThrow } from '../faults/network-error.ts'
import { patchProperty, type Patch } from './patch.ts'
import { jsonResponse } from '../../mock-services/json-response.ts'

/** Something that answers intercepted requests: a run's request pipeline. */
export interface RequestRouter {
  route(request: Request): Promise<Response>
}

let server: ReturnType<typeof setupServer> | null = null
let active: RequestRouter | null = null
let listeners = 0
let consolePatch: Patch | null = null

/**
 * A fault ends an attempt by throwing a Node-like network error from the
 * handler, which the interceptor turns into the client's error (that is its
 * documented path). msw 2.15 also prints every such throw with console.error;
 * drop exactly those prints (the error, then msw's line about it) and keep
 * every other message, including real handler bugs.
 */
function quietExpectedThrows(): Patch {
  const original = console.error
  let swallowNextMswLine = false
  return patchProperty(
    console,
    'error',
    (...args: unknown[]) => {
      if (args.length === 1 && isExpectedThrow(args[0])) {
        swallowNextMswLine = true
        return
      }
      if (swallowNextMswLine && typeof args[0] === 'string' && args[0].includes('[MSW] Encountered an unhandled exception')) {
        swallowNextMswLine = false
        return
      }
      original.apply(console, args)
    },
    'console.error (quiet injected faults)',
  )
}

/** Start intercepting (reference-counted). Pair every call with `stopInterception()`. */
export function startInterception(): void {
  if (listeners++ > 0) return
  listen()
}

function listen(): void {
  const created = setupServer(
    http.all(/^https?:\/\/[^/]+\.test(:\d+)?\//, async ({ request }) => {
      if (!active) return jsonResponse({ error: { type: 'api_error', message: 'faultline: no run is active' } }, { status: 500 })
      return active.route(request)
    }),
    // Loopback stays loopback (the socket server of the mock services); everything else is unhandled.
    http.all(/^https?:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?\//, () => passthrough()),
  )
  created.listen({ onUnhandledRequest: 'error' })
  if (undoQuieting !== null) {
    clearImmediate(undoQuieting) // still quieting from the last server: keep it
    undoQuieting = null
  }
  consolePatch ??= quietExpectedThrows()
  server = created
}

function close(): void {
  server?.close()
  server = null
  // msw reports a handler's throw a tick after it happens: the quieting outlives the server by one
  // turn of the loop (and stays, if interception starts again meanwhile).
  undoQuieting = realSetImmediate(() => {
    undoQuieting = null
    const patch = consolePatch
    consolePatch = null
    try {
      patch?.undo()
    } catch {
      // replaced meanwhile: the run that did it reported it (and put it back)
    }
  })
}

const realSetImmediate = globalThis.setImmediate
let undoQuieting: ReturnType<typeof setImmediate> | null = null

/** Runs between renewals of the interception server (see `runEnded`). */
const RENEW_EVERY = 20
let runsSinceRenewal = 0

/**
 * A run is over. msw 2.15 keeps its record of every request that ended in a
 * network error (it forgets a request only when a response goes out), and
 * that record keeps the request, its clone and what rejected it alive (errors
 * the harness makes carry no stack, so not the run's world: contract/stackless.ts).
 * So every few runs, between runs, the interception server is replaced by a
 * fresh one (a fraction of a millisecond), and memory stays flat.
 */
export function runEnded(): void {
  if (++runsSinceRenewal < RENEW_EVERY || listeners === 0 || active !== null) return
  runsSinceRenewal = 0
  close()
  listen()
}

export function stopInterception(): void {
  if (listeners === 0) throw new Error('faultline: stopInterception() without startInterception()')
  if (--listeners > 0) return
  close()
}

/** Route intercepted requests to `router` until the returned function is called. */
export function activate(router: RequestRouter): () => void {
  if (active) throw new Error('faultline: another run is already active in this process')
  active = router
  return () => {
    if (active !== router) throw new Error('faultline: the active run changed underneath')
    active = null
  }
}
