// Interception: msw's interceptors (fetch, node:http and XMLHttpRequest — what
// msw's setupServer applies), routing every request to a `.test` host to
// whichever Network is active. Loopback passes through (the mock services'
// socket server); any other host is unhandled, and unhandled requests are
// errors: nothing reaches a real network.
//
// Not msw's setupServer: per request it clones the request for its handler,
// parses cookies, matches every handler and keeps a frame for each request that
// ended in a network error — garbage or retention in every run, for a router
// that needs none of it. The interceptors are the part that makes a client see
// a response or an error (test/fidelity holds them to real sockets).
import { RequestController, getRawRequest, type Interceptor, type HttpRequestEventMap } from '@mswjs/interceptors'
import { ClientRequestInterceptor } from '@mswjs/interceptors/ClientRequest'
import { FetchInterceptor } from '@mswjs/interceptors/fetch'
import { XMLHttpRequestInterceptor } from '@mswjs/interceptors/XMLHttpRequest'
import { ClientRequest } from 'node:http'
import { isExpectedThrow, isInjectedNetworkError } from '../faults/network-error.ts'
import { jsonResponse } from '../../mock-services/json-response.ts'

/** Something that answers intercepted requests: a run's request pipeline. */
export interface RequestRouter {
  route(request: Request): Promise<Response>
}

const MOCK_HOST = /^https?:\/\/[^/]+\.test(:\d+)?\//
const LOOPBACK = /^https?:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?\//
const KINDS = [ClientRequestInterceptor, XMLHttpRequestInterceptor, FetchInterceptor] as const

let active: RequestRouter | null = null
let listeners = 0
/** How to take our listener off each kind of interceptor again. */
let detach: (() => void)[] = []
/** Someone else's interceptors (a user's own msw, around `mountServices`) were running first: their hosts are theirs. */
let guest = false

/** Why a request to a real host fails: a refused connection, with the fix in its message. */
function unhandled(request: Request): Error {
  return Object.assign(new Error(`connect ECONNREFUSED ${request.method} ${request.url} (faultline blocks network access outside the mock services; use the URLs in ctx.services)`), { code: 'ECONNREFUSED', errno: -111, syscall: 'connect' })
}

/**
 * One intercepted request. A fault ends an attempt by throwing a network error
 * from the router, which the client gets exactly as the interceptor makes it
 * (`errorWith`). Anything else the router throws goes back to the interceptor,
 * which answers it with a 500, as msw did: a request the client abandoned
 * (ignored by a destroyed ClientRequest, where a second error would be emitted
 * to nobody), or a bug in the harness (printed).
 */
async function onRequest({ request, controller }: HttpRequestEventMap['request'][0]): Promise<void> {
  if (controller.readyState !== RequestController.PENDING || LOOPBACK.test(request.url)) return // answered; or passed through
  if (!MOCK_HOST.test(request.url)) {
    if (guest) return // the owner of the interceptors decides about its own hosts
    const error = unhandled(request)
    console.error(`faultline: ${error.message}`)
    controller.errorWith(error)
    return
  }
  // Not yet answered, nor aborted by a fetch client (the interceptor answers an abort with its reason).
  const open = () => controller.readyState === RequestController.PENDING && !request.signal.aborted
  let response: Response
  try {
    response = active ? await active.route(request) : jsonResponse({ error: { type: 'api_error', message: 'faultline: no run is active' } }, { status: 500 })
  } catch (e) {
    if (!isExpectedThrow(e)) console.error(e)
    if (!open()) return
    if (isInjectedNetworkError(e) && !destroyed(request)) return controller.errorWith(e)
    throw e
  }
  if (open()) controller.respondWith(response)
}

/** A node:http request its client destroyed (timed out, aborted): its intercepted Request has no signal to say so. */
function destroyed(request: Request): boolean {
  const raw = getRawRequest(request)
  return raw instanceof ClientRequest && raw.destroyed
}

/**
 * Start intercepting (reference-counted). Pair every call with `stopInterception()`.
 * Where another party's interceptors already run, ours only listen to them and
 * never dispose of them: disposing of an interceptor that proxies to a running
 * one clears that one's global record, and its owner could then never restore
 * what it patched.
 */
export function startInterception(): void {
  if (listeners++ > 0) return
  guest = false
  detach = KINDS.map((Kind) => {
    const running = (globalThis as Record<symbol, unknown>)[Kind.symbol] as Interceptor<HttpRequestEventMap> | undefined
    if (running) {
      guest = true
      running.on('request', onRequest)
      return () => running.off('request', onRequest)
    }
    const own = new Kind()
    own.apply()
    own.on('request', onRequest)
    return () => {
      // Someone who started after us and stopped before us cleared our record on the way out: put it back, so that dispose restores what we patched.
      const g = globalThis as Record<symbol, unknown>
      if (own.readyState === 'APPLIED' && g[Kind.symbol] === undefined) g[Kind.symbol] = own
      own.dispose()
    }
  })
}

export function stopInterception(): void {
  if (listeners === 0) throw new Error('faultline: stopInterception() without startInterception()')
  if (--listeners > 0) return
  const undo = detach
  detach = []
  for (const d of undo.reverse()) d()
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
