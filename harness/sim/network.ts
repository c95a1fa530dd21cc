// Routes `.test` requests to the active run through msw's
// interceptors (not setupServer: its per-request work is
// waste here). Loopback passes; other hosts are errors.
import { RequestController, getRawRequest, type Interceptor, type HttpRequestEventMap } from '@mswjs/interceptors'
import { ClientRequestInterceptor } from '@mswjs/interceptors/ClientRequest'
import { FetchInterceptor } from '@mswjs/interceptors/fetch'
import { XMLHttpRequestInterceptor } from '@mswjs/interceptors/XMLHttpRequest'
import { ClientRequest } from 'node:http'
import { isExpectedThrow, isInjectedNetworkError } from '../faults/network-error.ts'
import { jsonResponse } from '../../mock-services/json-response.ts'

/** Answers intercepted requests: a run's request pipeline. */
export interface RequestRouter {
  route(request: Request): Promise<Response>
}

const MOCK_HOST = /^https?:\/\/[^/]+\.test(:\d+)?\//
const LOOPBACK = /^https?:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?\//
const KINDS = [ClientRequestInterceptor, XMLHttpRequestInterceptor, FetchInterceptor] as const

let active: RequestRouter | null = null
let listeners = 0
/** Takes our listener off each kind of interceptor. */
let detach: (() => void)[] = []
/** A user's msw ran first: its other hosts are its own. */
let guest = false

/** A real host's request fails as refused, naming the fix. */
function unhandled(request: Request): Error {
  return Object.assign(new Error(`connect ECONNREFUSED ${request.method} ${request.url} (faultline blocks network access outside the mock services; use the URLs in ctx.services)`), { code: 'ECONNREFUSED', errno: -111, syscall: 'connect' })
}

/**
 * A fault's network error reaches the client by `errorWith`;
 * any other throw is answered with a 500, as msw does.
 */
async function onRequest({ request, controller }: HttpRequestEventMap['request'][0]): Promise<void> {
  if (controller.readyState !== RequestController.PENDING || LOOPBACK.test(request.url)) return // answered; or passed through
  if (!MOCK_HOST.test(request.url)) {
    if (guest) return // its owner decides about its own hosts
    const error = unhandled(request)
    console.error(`faultline: ${error.message}`)
    controller.errorWith(error)
    return
  }
  // Unanswered, not aborted (an abort is answered already).
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

/** node:http destroyed it: its Request's signal never says. */
function destroyed(request: Request): boolean {
  const raw = getRawRequest(request)
  return raw instanceof ClientRequest && raw.destroyed
}

/**
 * Start intercepting (counted; pair with stopInterception).
 * Over another party's interceptors we only listen: a
 * dispose would clear their record.
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
      // A later party that stopped first cleared our record:
      // restore it, so dispose() undoes our patches.
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

/** Route intercepted requests to `router` until undone. */
export function activate(router: RequestRouter): () => void {
  if (active) throw new Error('faultline: another run is already active in this process')
  active = router
  return () => {
    if (active !== router) throw new Error('faultline: the active run changed underneath')
    active = null
  }
}
