// Routes `.test` and vendor-host requests to
// the active run via msw's interceptors
// (setupServer's work is waste here). Other
// hosts are refused, and the run records it.
import { RequestController, getRawRequest, type Interceptor, type HttpRequestEventMap } from '@mswjs/interceptors'
import { ClientRequestInterceptor } from '@mswjs/interceptors/ClientRequest'
import { FetchInterceptor } from '@mswjs/interceptors/fetch'
import { XMLHttpRequestInterceptor } from '@mswjs/interceptors/XMLHttpRequest'
import { ClientRequest } from 'node:http'
import { isExpectedThrow, isInjectedNetworkError } from '../faults/network-error.ts'
import { jsonResponse } from '../../mock-services/json-response.ts'
import { isLoopbackHost } from './loopback.ts'
import { isSimulatedUrl } from './vendor-hosts.ts'

/** A run's request pipeline. */
export interface RequestRouter {
  route(request: Request): Promise<Response>
  /**
   * A request to a host nothing here serves,
   * refused: record it (false: not recorded).
   */
  refused?(request: Request): boolean
}

const KINDS = [ClientRequestInterceptor, XMLHttpRequestInterceptor, FetchInterceptor] as const

let active: RequestRouter | null = null
let listeners = 0
/** Takes our listener off each interceptor. */
let detach: (() => void)[] = []
/** A user's msw ran first: other hosts are its own. */
let guest = false

/** Refused, with the fix in the message. */
function unhandled(request: Request): Error {
  return Object.assign(
    new Error(
      `connect ECONNREFUSED ${request.method} ${request.url} (faultline blocks network access outside the mock services; use the URLs in ctx.services, or a vendor SDK at its default host)`,
    ),
    { code: 'ECONNREFUSED', errno: -111, syscall: 'connect' },
  )
}

/**
 * A fault's network error reaches the client
 * (`errorWith`); other throws get a 500, as msw.
 */
async function onRequest({ request, controller }: HttpRequestEventMap['request'][0]): Promise<void> {
  if (controller.readyState !== RequestController.PENDING) return // answered
  if (!isSimulatedUrl(request.url)) {
    // Loopback passes (the network guard checks
    // the address); a guest's hosts are its own.
    if (guest || isLoopbackHost(new URL(request.url).hostname)) return
    const error = unhandled(request)
    // Recorded by a run: no line per request.
    if (!active?.refused?.(request)) console.error(`faultline: ${error.message}`)
    controller.errorWith(error)
    return
  }
  // Unanswered and not aborted.
  const open = () => controller.readyState === RequestController.PENDING && !request.signal.aborted
  let response: Response
  try {
    response = active
      ? await active.route(request)
      : jsonResponse({ error: { type: 'api_error', message: 'faultline: no run is active' } }, { status: 500 })
  } catch (e) {
    if (!isExpectedThrow(e)) console.error(e)
    if (!open()) return
    if (isInjectedNetworkError(e) && !destroyed(request)) return controller.errorWith(e)
    throw e
  }
  if (open()) controller.respondWith(response)
}

/** Ours alone intercept: a guest's handlers go first. */
export function canRouteFetch(): boolean {
  return listeners > 0 && !guest
}

/**
 * msw's DeferredPromise (its RequestController's
 * `handled`): settling through it takes msw's turns.
 */
interface Deferred<T> extends Promise<T> {
  resolve(value?: T): void
  reject(reason: unknown): void
  readonly state: 'pending' | 'fulfilled' | 'rejected'
  readonly rejectionReason: unknown
}
const Deferred = (
  new RequestController(null as unknown as Request, null as never).handled as unknown as { constructor: unknown }
).constructor as new <T>() => Deferred<T>

/**
 * A fetch to a simulated host, answered as msw's
 * fetch interceptor does (fetchProxy, handleRequest,
 * emitAsync, until: their awaits one for one, so
 * every settlement takes the same microtasks and
 * concurrent work interleaves as it did), without
 * its Request clone and Response rebuilds.
 * Only if canRouteFetch().
 */
export async function routeFetch(request: Request): Promise<Response> {
  const response = new Deferred<Response>()
  const controller = new RequestController(request, {
    passthrough: async () => {},
    respondWith: async (raw: Response) => {
      // Response.error(): a network error.
      if (raw.type === 'error') response.reject(Object.assign(new TypeError('Failed to fetch'), { cause: raw }))
      else response.resolve(raw)
    },
    errorWith: (reason: unknown) => response.reject(reason),
  })
  await handleRequest(request, controller)
  return response
}

/** msw's handleRequest with our one listener. */
async function handleRequest(request: Request, controller: RequestController): Promise<unknown> {
  const { signal } = request
  // Node-like errors reach the client; a thrown
  // Response is the answer; the rest: a 500.
  const handleResponseError = async (error: unknown): Promise<boolean> => {
    if (error instanceof Error && error.name === 'InterceptorError') throw error
    if (error instanceof Error && 'code' in error && 'errno' in error) {
      await controller.errorWith(error)
      return true
    }
    if (error instanceof Response) return await handleResponse(error)
    return false
  }
  // Its handleResponse, for a thrown Response.
  const handleResponse = async (response: Response): Promise<boolean> => {
    await controller.respondWith(response)
    return true
  }
  const aborted = new Deferred<void>()
  const onAbort = () => aborted.reject(signal.reason)
  if (signal.aborted) {
    await controller.errorWith(signal.reason)
    return
  }
  signal.addEventListener('abort', onAbort, { once: true })
  const result = await until(async () => {
    const listening = emitAsync({ requestId: '', request, controller })
    await Promise.race([aborted, listening, controller.handled])
  })
  signal.removeEventListener('abort', onAbort)
  if (aborted.state === 'rejected') {
    await controller.errorWith(aborted.rejectionReason)
    return
  }
  if (result.error !== null) {
    if (await handleResponseError(result.error)) return
    await controller.respondWith(serverError(result.error))
    return
  }
  if (controller.readyState === RequestController.PENDING) return await controller.passthrough()
  return controller.handled
}

/** msw's emitAsync over our one listener. */
async function emitAsync(event: HttpRequestEventMap['request'][0]): Promise<void> {
  for (const listener of [onRequest]) await listener(event)
}

/** @open-draft/until, as msw calls it. */
async function until(run: () => Promise<void>): Promise<{ error: unknown }> {
  try {
    await run().catch((error: unknown) => {
      throw error
    })
    return { error: null }
  } catch (error) {
    return { error }
  }
}

/** msw's createServerErrorResponse. */
function serverError(e: unknown): Response {
  const body = e instanceof Error ? { name: e.name, message: e.message, stack: e.stack } : e
  return new Response(JSON.stringify(body), {
    status: 500,
    statusText: 'Unhandled Exception',
    headers: { 'Content-Type': 'application/json' },
  })
}

/** A node:http request its client destroyed. */
function destroyed(request: Request): boolean {
  const raw = getRawRequest(request)
  return raw instanceof ClientRequest && raw.destroyed
}

/**
 * Start intercepting (counted; pair with
 * stopInterception). Over another party's
 * interceptors we only listen, never dispose:
 * docs/internals/simulation-and-supervision.md
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
      // A party that stopped first cleared our
      // record: restore it, so dispose() works.
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

/** Route requests to `router` until undone. */
export function activate(router: RequestRouter): () => void {
  if (active) throw new Error('faultline: another run is already active in this process')
  active = router
  return () => {
    if (active !== router) throw new Error('faultline: the active run changed underneath')
    active = null
  }
}
