// A run's request pipeline, in a request's
// order; what a judge needs goes to history.
// Longer than most because it is one path, read
// top to bottom.
import type { MockService } from '../../mock-services/service.ts'
import { DEADLINE_HEADER } from '../../mock-services/deadline.ts'
import { ServiceRestarted } from '../../mock-services/service-restarted.ts'
import { bodyText } from '../../mock-services/request-body.ts'
import { requestFaultKind, type RequestFault } from '../faults/catalogue.ts'
import { nthOf } from '../faults/fault.ts'
import { stepOf } from '../history/call-ids.ts'
import { errorName, howGaveUp } from './error-name.ts'
import type { AttemptControl } from '../faults/fault.ts'
import { abandonedRequest, isExpectedThrow, isInjectedNetworkError, networkError } from '../faults/network-error.ts'
import { createHash } from 'node:crypto'
import type { HistoryRecorder } from '../history/history.ts'
import { asHarnessWork, currentContext } from './attribution.ts'
import type { RequestRouter } from './network.ts'
import type { ProcessTable } from './process-table.ts'
import { clientGaveUp } from './client-shims.ts'
import { onlyMocks, serviceOfHost, vendorOf } from './vendor-hosts.ts'

/** Services by name (a Map will do). */
export interface ServiceDirectory {
  get(name: string): MockService | undefined
}

export class RequestPipeline implements RequestRouter {
  readonly #services: ServiceDirectory
  /** Faults by target: `${step} send|probe ${n}`. */
  readonly #faults: ReadonlyMap<string, RequestFault>
  /** Requests per tool call, as faults count. */
  readonly #perCall = new Map<string, { send: number; probe: number }>()
  readonly #history: HistoryRecorder
  readonly #processes: ProcessTable | null
  /** Attempts whose client got its answer. */
  readonly #answered = new Set<number>()
  /** Attempts whose client left before it. */
  readonly #left = new Set<number>()
  #attempts = 0
  #mutations = 0

  readonly #run: symbol | null

  /** Epoch ms → ms since the run's start. */
  readonly #sinceStart: (epochMs: number) => number

  constructor(
    services: ServiceDirectory,
    faults: readonly RequestFault[],
    history: HistoryRecorder,
    processes: ProcessTable | null = null,
    run: symbol | null = null,
    sinceStart: (epochMs: number) => number = (ms) => ms,
  ) {
    this.#sinceStart = sinceStart
    this.#run = run
    this.#services = services
    this.#faults = new Map(faults.map((f) => [`${f.step} ${requestFaultKind(f).targets} ${nthOf(f)}`, f]))
    this.#history = history
    this.#processes = processes
  }

  /**
   * Answered by the run's end at the latest: a
   * pending one would keep the interceptor, and
   * the run, alive for good.
   */
  route(request: Request): Promise<Response> {
    return Promise.race([this.#route(request), this.#park()])
  }

  /** Requests going nowhere (dead, leftover). */
  readonly #parked = new Set<(e: Error) => void>()

  /** Rejects when the run closes, not before. */
  #park(): Promise<never> {
    return new Promise<never>((_, reject) => this.#parked.add(reject))
  }

  /** Run over: pending requests are abandoned. */
  close(): void {
    const parked = [...this.#parked]
    this.#parked.clear()
    for (const reject of parked) reject(abandonedRequest('the run is over'))
  }

  /**
   * A request to a host nothing serves: an
   * `executor-fault` of the call it came from.
   * True: taken care of (no console line).
   */
  refused(request: Request): boolean {
    const ctx = currentContext()
    // An earlier run's leftover is not this run's.
    if (ctx && this.#run !== null && ctx.run !== this.#run) return true
    const url = new URL(request.url)
    // No query: it may hold a secret.
    const what = `${request.method} ${url.origin}${url.pathname}`
    const generation = ctx?.generation ?? null
    // A dead process did it: no finding.
    if (generation !== null && this.#processes && !this.#processes.isAlive(generation))
      this.#history.record({ type: 'fenced', generation, what })
    else
      this.#history.record({
        type: 'executor-fault',
        call: ctx?.call ?? null,
        problem: 'blocked-network',
        host: url.hostname,
        message: `tried ${what}; ${onlyMocks(url.hostname, this.#vendors())}`,
      })
    return true
  }

  /** The vendors this run's services play. */
  #vendors(): string[] {
    const played = ['payments', 'email'].map((name) => this.#services.get(name))
    return played.flatMap((s) => (s ? [vendorOf(s) ?? s.name] : []))
  }

  async #route(request: Request): Promise<Response> {
    const url = new URL(request.url)
    // 1. Service: `<name>.test` or a vendor's
    //    host; none: the name does not resolve.
    //    Another vendor's host is not this run's.
    const host = serviceOfHost(url.hostname)
    const found = host === null ? undefined : this.#services.get(host.service)
    const service = found && (host?.vendor == null || vendorOf(found) === host.vendor) ? found : undefined
    if (!service) throw (this.refused(request), networkError('ENOTFOUND', url.hostname))

    // 2. Attribution: which process and call.
    //    A dead process's requests never leave.
    const ctx = currentContext()
    // Nor do an earlier run's leftovers.
    if (ctx && this.#run !== null && ctx.run !== this.#run) return this.#park()
    const generation = ctx?.generation ?? null
    if (generation !== null && this.#processes && !this.#processes.isAlive(generation)) {
      this.#history.record({ type: 'fenced', generation, what: `${request.method} ${url.pathname}` })
      return this.#park()
    }
    const call = ctx?.call ?? null
    // Now the harness's work: what it arms
    // outlives a crash of the sender.
    return asHarnessWork(() => this.#proceed(request, url, service, call, generation))
  }

  async #proceed(
    request: Request,
    url: URL,
    service: MockService,
    call: string | null,
    generation: number | null,
  ): Promise<Response> {
    // 3. Number it per run, and per tool call
    //    (sends, probes apart) for faults.
    const mutating = service.isMutation(request)
    const fingerprint = await fingerprintOf(request, url)
    const attempt = ++this.#attempts
    const mutation = mutating ? ++this.#mutations : 0
    const counted = this.#perCall.get(call ?? '*') ?? { send: 0, probe: 0 }
    this.#perCall.set(call ?? '*', counted)
    const nth = mutating ? ++counted.send : ++counted.probe
    const forwarded = Number(request.headers.get(DEADLINE_HEADER) ?? Number.NaN)
    const forwardedDeadline = Number.isFinite(forwarded) ? this.#sinceStart(forwarded) : null
    this.#history.record({
      type: 'attempt-sent',
      attempt,
      call,
      service: service.name,
      method: request.method,
      path: url.pathname,
      probe: !mutating,
      ...(!mutating && service.isSetup?.(request) && { setup: true as const }),
      mutation,
      fingerprint,
      generation,
      forwardedDeadline,
    })
    // A crash now: the request still goes.
    if (generation !== null) this.#processes?.step(generation, 'after-send', call)

    // 4. Its fault, else delivery. Requests
    //    outside any tool call are step '*'.
    const fault = this.#faults.get(`${stepOf(call) ?? '*'} ${mutating ? 'send' : 'probe'} ${nth}`)
    const gaveUp = this.#watchClient(request, attempt)
    const outcome = fault
      ? this.#strike(fault, request, attempt, call, service, gaveUp)
      : this.#deliver(request, attempt, call, service)

    // 5. Only a live process gets the answer;
    //    it may crash right after.
    return outcome.then(
      (response) =>
        this.#toClient(generation, call, response, true, () => {
          this.#answered.add(attempt)
          // Its client had left: nothing reached it.
          if (this.#left.has(attempt)) return
          this.#history.record({
            type: 'answered',
            attempt,
            call,
            status: response.status,
            error: null,
            ...this.#holdOff(response.headers),
          })
        }),
      (error: unknown) =>
        this.#toClient(generation, call, error, false, () => {
          this.#answered.add(attempt)
          if (this.#left.has(attempt)) return
          if (!isExpectedThrow(error) || isInjectedNetworkError(error))
            this.#history.record({
              type: 'answered',
              attempt,
              call,
              status: null,
              error: errorName(error),
              retryAfterMs: null,
            })
        }),
    )
  }

  #holdOff(headers: Headers) {
    return holdOffOf(headers, (epochMs) => this.#sinceStart(epochMs) - this.#history.now())
  }

  #deliver(
    request: Request,
    attempt: number,
    call: string | null,
    service: MockService,
    internalError = false,
  ): Promise<Response> {
    this.#history.record({ type: 'request-delivered', attempt })
    return service.handle(request, { attempt, call, internalError }).then(
      (response) => {
        this.#history.record({
          type: 'response-sent',
          attempt,
          status: response.status,
          replayed: response.headers.get('idempotent-replayed') === 'true',
        })
        return response
      },
      (error: unknown) => {
        // A restart mid-request drops the connection.
        if (error instanceof ServiceRestarted) {
          this.#history.record({ type: 'response-lost', attempt, reason: error.message })
          throw networkError('ECONNRESET', new URL(request.url).hostname)
        }
        throw error
      },
    )
  }

  /**
   * Records once how the client gave up, if it
   * left before its answer (or, `duringBody`,
   * while an answer's body was unfinished).
   */
  #watchClient(request: Request, attempt: number): (duringBody?: boolean) => Promise<void> {
    let bodyOpen = false
    const left = clientGaveUp(request).then(() => {
      // node:http closes, and a timeout signal
      // fires, after an answer too.
      if (this.#answered.has(attempt) && !bodyOpen) return
      this.#left.add(attempt)
      this.#history.record({ type: 'client-gave-up', attempt, how: howGaveUp(request) })
    })
    return (duringBody = false) => {
      bodyOpen ||= duringBody
      return left
    }
  }

  #strike(
    fault: RequestFault,
    request: Request,
    attempt: number,
    call: string | null,
    service: MockService,
    gaveUp: (duringBody?: boolean) => Promise<void>,
  ): Promise<Response> {
    this.#history.record({ type: 'fault-injected', attempt, call, boundary: fault.boundary, kind: fault.kind })
    const ctl: AttemptControl = {
      request,
      attempt,
      service,
      deliver: (options) => this.#deliver(request, attempt, call, service, options?.internalError ?? false),
      hold: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
      clientGaveUp: (options) => gaveUp(options?.duringBody),
      giveUpWithin: (ms) => {
        // Cleared when the client wins: a stray
        // timer would pull virtual time forward.
        let timer: ReturnType<typeof setTimeout> | undefined
        const held = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms)))
        return Promise.race([gaveUp().then(() => (clearTimeout(timer), true)), held])
      },
      loseResponse: (reason) => this.#history.record({ type: 'response-lost', attempt, reason }),
      errorResponse: (kind, retryAfterS) => service.errorResponse(kind, retryAfterS),
      restartService: () => {
        service.restart()
        this.#history.record({ type: 'service-restarted', service: service.name })
      },
    }
    return requestFaultKind(fault).strike(fault, ctl)
  }

  /** The outcome, to a live client only. */
  #toClient(
    generation: number | null,
    call: string | null,
    value: unknown,
    ok: boolean,
    reached: () => void,
  ): Promise<Response> {
    if (generation !== null && this.#processes) {
      if (!this.#processes.isAlive(generation)) return this.#park()
      if (this.#processes.step(generation, 'after-response', call)) return this.#park()
    }
    reached()
    return ok ? Promise.resolve(value as Response) : Promise.reject(value)
  }
}

/** A resend gets the same digest. */
async function fingerprintOf(request: Request, url: URL): Promise<string> {
  return createHash('sha256')
    .update(`${request.method} ${url.pathname}${url.search}\n${await bodyText(request)}`)
    .digest('hex')
    .slice(0, 16)
}

/** Retry-After, else SendGrid's reset (G5). */
function holdOffOf(headers: Headers, msUntil: (epochMs: number) => number) {
  const after = retryAfterMs(headers.get('retry-after'))
  if (after !== null) return { retryAfterMs: after }
  // Epoch seconds: the window's end.
  const reset = Number(headers.get('x-ratelimit-reset') ?? Number.NaN)
  if (!Number.isFinite(reset) || reset <= 0) return { retryAfterMs: null }
  return { retryAfterMs: Math.max(0, msUntil(reset * 1000)), holdOffBy: 'x-ratelimit-reset' as const }
}

function retryAfterMs(value: string | null): number | null {
  if (value === null) return null
  const s = Number(value)
  return Number.isFinite(s) && s >= 0 ? s * 1000 : null
}
