// One intercepted request: the service or
// a fault answers, on real timers. Network
// errors become HttpResponse.error(): msw
// prints a thrown one as unhandled.
import { HttpResponse } from 'msw'
import { requestFaultKind, type RequestFault } from '../../harness/faults/catalogue.ts'
import type { AttemptControl } from '../../harness/faults/fault.ts'
import { isExpectedThrow, networkError } from '../../harness/faults/network-error.ts'
import { clientGaveUp } from '../../harness/sim/client-shims.ts'
import type { MockService } from '../../mock-services/service.ts'
import { ServiceRestarted } from '../../mock-services/service-restarted.ts'

/**
 * The service's answer, or the fault's; a
 * network error as msw renders one.
 */
export async function answer(
  request: Request,
  service: MockService,
  attempt: number,
  fault: RequestFault | null,
): Promise<Response> {
  const ctl = control(request, service, attempt)
  try {
    return fault ? await requestFaultKind(fault).strike(fault, ctl) : await ctl.deliver()
  } catch (e) {
    // Injected, or its client gave up: nobody
    // reads this answer.
    if (isExpectedThrow(e)) return HttpResponse.error()
    throw e
  }
}

function control(request: Request, service: MockService, attempt: number): AttemptControl {
  return {
    request,
    attempt,
    service,
    deliver: (options) =>
      service
        .handle(request, { attempt, call: null, internalError: options?.internalError ?? false })
        .catch((e: unknown) => {
          // A restart drops the connection, as in
          // a run (sim/pipeline.ts).
          throw e instanceof ServiceRestarted ? networkError('ECONNRESET', new URL(request.url).hostname) : e
        }),
    hold: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    clientGaveUp: () => clientGaveUp(request),
    giveUpWithin: (ms) => {
      let timer: ReturnType<typeof setTimeout> | undefined
      const held = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms)))
      return Promise.race([clientGaveUp(request).then(() => (clearTimeout(timer), true)), held])
    },
    // No history outside a run: the ledger is the record.
    loseResponse: () => {},
    errorResponse: (kind, retryAfterS) => service.errorResponse(kind, retryAfterS),
    restartService: () => service.restart(),
  }
}
