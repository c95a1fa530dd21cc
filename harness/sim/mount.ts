// Mount mock services in-process without a run: for pointing a real SDK or
// adapter at them in an ordinary test (real timers, no faults unless given).
import type { MockService } from '../../mock-services/service.ts'
import type { RequestFault } from '../faults/catalogue.ts'
import { effectApplied, HistoryRecorder, type History } from '../history/history.ts'
import { activate, startInterception, stopInterception } from './network.ts'
import { installClientShims, type ClientShims } from './client-shims.ts'
import { RequestPipeline } from './pipeline.ts'

export interface Mounted {
  /** What the pipeline saw (attempts, faults, deliveries, effects), stamped with real ms since mounting. */
  readonly history: History
  /** Stop routing to these services and stop intercepting (when nothing else intercepts). */
  unmount(): void
}

/**
 * Serve `services` at `https://<name>.test` through msw's interceptors until `unmount()`
 * (inside a user's own msw server, by listening to its interceptors).
 * Requests made here belong to no tool call: address `faults` to them with
 * `step: '*'` (`send: 1` strikes the first side-effecting request, and so on).
 */
export function mountServices(services: readonly MockService[], faults: readonly RequestFault[] = []): Mounted {
  const start = Date.now()
  const history = new HistoryRecorder(() => Date.now() - start)
  for (const s of services) s.ledger.onAppend((e) => history.record(effectApplied(e)))
  startInterception()
  let deactivate: (() => void) | null = null
  let shims: ClientShims
  try {
    deactivate = activate(new RequestPipeline(new Map(services.map((s) => [s.name, s])), faults, history))
    // Clients see injected faults as they would on a real socket, here as in a run.
    shims = installClientShims()
  } catch (e) {
    deactivate?.()
    stopInterception()
    throw e
  }
  const active = deactivate
  return {
    history: history.events,
    unmount() {
      try {
        shims.undo()
      } finally {
        active()
        stopInterception()
      }
    },
  }
}
