// Interception: one set of @mswjs/interceptors for the process (fetch,
// node:http and XMLHttpRequest — what msw's setupServer applies), routing every
// request to a `.test` host to whichever Network is active. Loopback passes
// through (the mock services' socket server); any other host is unhandled, and
// unhandled requests are errors: nothing reaches a real network.
//
// Not msw's setupServer: per request it clones the request for its handler,
// parses cookies, matches every handler and keeps a frame for each request that
// ended in a network error — garbage or retention in every run, for a router
// that needs none of it. The interceptors are the part that makes a client see
// a response or an error (test/fidelity holds them to real sockets).
import { BatchInterceptor, RequestController } from '@mswjs/interceptors'
import { ClientRequestInterceptor } from '@mswjs/interceptors/ClientRequest'
import { FetchInterceptor } from '@mswjs/interceptors/fetch'
import { XMLHttpRequestInterceptor } from '@mswjs/interceptors/XMLHttpRequest'
import { isExpectedThrow } from '../faults/network-error.ts'
import { jsonResponse } from '../../mock-services/json-response.ts'

/** Something that answers intercepted requests: a run's request pipeline. */
export interface RequestRouter {
  route(request: Request): Promise<Response>
}

const MOCK_HOST = /^https?:\/\/[^/]+\.test(:\d+)?\//
const LOOPBACK = /^https?:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?\//

let interceptor: BatchInterceptor<[ClientRequestInterceptor, XMLHttpRequestInterceptor, FetchInterceptor]> | null = null
let active: RequestRouter | null = null
let listeners = 0

/** Why a request to a real host fails: Node's own refused connection, with the fix in its message. */
function unhandled(request: Request): Error {
  const what = `${request.method} ${request.url}`
  return Object.assign(new Error(`connect ECONNREFUSED ${what} (faultline blocks network access outside the mock services; use the URLs in ctx.services)`), { code: 'ECONNREFUSED', errno: -111, syscall: 'connect' })
}

/**
 * One intercepted request. A fault ends an attempt by throwing a Node-like
 * network error from the router, which becomes the client's error exactly as
 * the interceptors make it (`errorWith`); anything else the router throws is a
 * bug in the harness: printed, and the client gets a 500 (as msw answered).
 */
async function onRequest({ request, controller }: { request: Request; controller: RequestController }): Promise<void> {
  if (LOOPBACK.test(request.url)) return // left pending: passed through
  if (!MOCK_HOST.test(request.url)) {
    const error = unhandled(request)
    console.error(`faultline: ${error.message}`)
    controller.errorWith(error)
    return
  }
  let response: Response
  try {
    response = active ? await active.route(request) : jsonResponse({ error: { type: 'api_error', message: 'faultline: no run is active' } }, { status: 500 })
  } catch (e) {
    if (settled(request, controller)) return
    if (isExpectedThrow(e)) return controller.errorWith(e)
    console.error(e)
    throw e
  }
  if (!settled(request, controller)) controller.respondWith(response)
}

/** Already answered, or abandoned by a fetch client: the interceptors answer an aborted request with its signal's reason. */
function settled(request: Request, controller: RequestController): boolean {
  return request.signal.aborted || controller.readyState !== RequestController.PENDING
}

/** Start intercepting (reference-counted). Pair every call with `stopInterception()`. */
export function startInterception(): void {
  if (listeners++ > 0) return
  const created = new BatchInterceptor({ name: 'faultline', interceptors: [new ClientRequestInterceptor(), new XMLHttpRequestInterceptor(), new FetchInterceptor()] })
  created.apply()
  created.on('request', onRequest)
  interceptor = created
}

export function stopInterception(): void {
  if (listeners === 0) throw new Error('faultline: stopInterception() without startInterception()')
  if (--listeners > 0) return
  interceptor?.dispose()
  interceptor = null
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
