// One mock service as an msw handler at its
// base URL, with faults armed for its next
// requests and a ledger to assert on.
import { http, type HttpHandler } from 'msw'
import type { RequestFault } from '../../harness/faults/catalogue.ts'
import type { Ledger, LedgerEntry } from '../../mock-services/ledger.ts'
import type { MockService } from '../../mock-services/service.ts'
import { answer } from './answer.ts'
import { checkFault, type CheckedFault, type MswFault } from './msw-fault.ts'
import { parseRoute, routeMatches, routeReads, type Route } from './route.ts'

/** A fault armed and not yet struck. */
export interface ArmedFault {
  readonly route: string
  readonly fault: MswFault
}

interface Armed extends CheckedFault {
  readonly route: Route
  readonly asGiven: MswFault
}

export class ServedService<S extends MockService> {
  /** The origin it answers at (`https://payments.test`). */
  readonly baseUrl: string
  /** Handles all of `baseUrl`: `setupServer(…)`. */
  readonly handler: HttpHandler
  readonly #create: () => S
  #service: S
  #armed: Armed[] = []
  #requests = 0

  constructor(create: () => S, baseUrl: string) {
    this.baseUrl = originOf(baseUrl)
    this.#create = create
    this.#service = create()
    this.handler = http.all(`${this.baseUrl}/*`, ({ request }) => this.#answer(request))
  }

  /**
   * The service now serving (new after
   * `reset()`); seed it here.
   */
  get service(): S {
    return this.#service
  }

  /** Its ledger: the effects that really happened. */
  get ledger(): Ledger {
    return this.#service.ledger
  }

  /** Ledger entries now, of `type` if given. */
  effects(type?: string): readonly LedgerEntry[] {
    return this.#service.ledger.entries.filter((e) => type === undefined || e.type === type)
  }

  /**
   * Arms `fault` for the next request that
   * matches `route` and that it can strike (a
   * POST; a read for `probe-timeout`). Faults
   * armed for one request strike in turn.
   */
  next(route: string, fault: MswFault): this {
    const parsed = parseRoute(route)
    const checked = checkFault(fault)
    if (routeReads(parsed) === (checked.targets === 'send')) {
      throw new Error(
        `faultline/msw: ${checked.fault.kind} strikes ${checked.targets === 'send' ? 'side-effecting requests (POST)' : 'reads (GET)'}; "${parsed.text}" never is one`,
      )
    }
    this.#armed.push({ ...checked, route: parsed, asGiven: fault })
    return this
  }

  /** Armed, not struck: check yours was reached. */
  pending(): readonly ArmedFault[] {
    return this.#armed.map((a) => ({ route: a.route.text, fault: a.asGiven }))
  }

  /**
   * A new service (empty ledger, no keys,
   * nothing seeded); no armed faults.
   */
  reset(): void {
    this.#service = this.#create()
    this.#armed = []
    this.#requests = 0
  }

  #answer(request: Request): Promise<Response> {
    const service = this.#service
    // Taken before any await: concurrent
    // requests cannot both take one fault.
    return answer(request, service, ++this.#requests, this.#take(request, service))
  }

  #take(request: Request, service: S): RequestFault | null {
    const targets = service.isMutation(request) ? 'send' : 'probe'
    const i = this.#armed.findIndex((a) => a.targets === targets && routeMatches(a.route, request))
    return i === -1 ? null : this.#armed.splice(i, 1)[0]!.fault
  }
}

/**
 * A base URL's origin; a path, query or
 * fragment would be ignored, so it throws.
 */
function originOf(baseUrl: string): string {
  const url = new URL(baseUrl)
  if (!/^https?:$/.test(url.protocol) || url.pathname !== '/' || url.search || url.hash) {
    throw new Error(`faultline/msw: base URL "${baseUrl}" must be an http(s) origin, like https://api.stripe.com`)
  }
  return url.origin
}
