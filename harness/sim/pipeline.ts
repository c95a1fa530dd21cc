// The request pipeline of a run, in the order a request lives through it.
// Every step that matters to a judge is written to the history here.
import type { MockService } from '../../mock-services/service.ts'
import { faultKind, type Fault } from '../faults/catalogue.ts'
import type { AttemptControl } from '../faults/fault.ts'
import { networkError } from '../faults/network-error.ts'
import type { HistoryRecorder } from '../run/history.ts'
import { currentCall } from './attribution.ts'
import type { RequestRouter } from './network.ts'

/** The services of a run by name (a Map will do; a run creates some on first use). */
export interface ServiceDirectory {
  get(name: string): MockService | undefined
}

export class RequestPipeline implements RequestRouter {
  readonly #services: ServiceDirectory
  readonly #faults: ReadonlyMap<number, Fault>
  readonly #history: HistoryRecorder
  #attempts = 0
  #mutations = 0

  constructor(services: ServiceDirectory, faults: readonly Fault[], history: HistoryRecorder) {
    this.#services = services
    this.#faults = new Map(faults.map((f) => [f.attempt, f]))
    this.#history = history
  }

  async route(request: Request): Promise<Response> {
    const url = new URL(request.url)
    // 1. Which service: the host's first label (`payments.test` → payments).
    const service = this.#services.get(url.hostname.replace(/\.test$/, ''))
    // No such service: as on a real network, the name does not resolve.
    if (!service) throw networkError('ENOTFOUND', url.hostname)

    // 2. Attribution: the tool call that was running when the request was made.
    const call = currentCall()

    // 3. Number the attempt. Side-effecting requests also get a mutation
    //    ordinal, which is what scenario faults target.
    const attempt = ++this.#attempts
    const mutating = service.isMutation(request)
    const mutation = mutating ? ++this.#mutations : 0
    this.#history.record({ type: 'attempt-sent', attempt, call, service: service.name, method: request.method, path: url.pathname, probe: !mutating, mutation })

    // 4. Delivery to the service, recorded when it happens (it may be late).
    const deliver = async (): Promise<Response> => {
      this.#history.record({ type: 'request-delivered', attempt })
      const response = await service.handle(request, { attempt, call })
      this.#history.record({ type: 'response-sent', attempt, status: response.status, replayed: response.headers.get('idempotent-replayed') === 'true' })
      return response
    }

    // 5. A scheduled fault decides the attempt's fate; otherwise it goes through.
    const fault = mutating ? this.#faults.get(mutation) : undefined
    if (!fault) return deliver()
    this.#history.record({ type: 'fault-injected', attempt, call, boundary: fault.boundary, kind: fault.kind })
    const ctl: AttemptControl = {
      request,
      attempt,
      deliver,
      hold: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
      clientGaveUp: () => abortOf(request.signal),
      loseResponse: (reason) => this.#history.record({ type: 'response-lost', attempt, reason }),
    }
    return faultKind(fault).strike(fault, ctl)
  }
}

function abortOf(signal: AbortSignal | undefined): Promise<void> {
  if (!signal) return new Promise<void>(() => {})
  if (signal.aborted) return Promise.resolve()
  return new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }))
}
