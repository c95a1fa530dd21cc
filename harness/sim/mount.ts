// Mock services in-process without a run, for
// a real SDK in an ordinary test (real timers).
import type { MockService } from '../../mock-services/service.ts'
import type { RequestFault } from '../faults/catalogue.ts'
import { effectApplied, HistoryRecorder, type History } from '../history/history.ts'
import { activate, startInterception, stopInterception } from './network.ts'
import { installClientShims, type ClientShims } from './client-shims.ts'
import { RequestPipeline } from './pipeline.ts'

export interface Mounted {
  /** What the pipeline saw (ms since mounting). */
  readonly history: History
  /** Stop routing (and intercepting, if last). */
  unmount(): void
}

/**
 * Serve `services` at `https://<name>.test`
 * until `unmount()`, in a user's msw server
 * too. Faults address requests as `step: '*'`.
 */
export function mountServices(services: readonly MockService[], faults: readonly RequestFault[] = []): Mounted {
  const start = Date.now()
  const history = new HistoryRecorder(() => Date.now() - start)
  for (const s of services) s.ledger.onAppend((e) => history.record(effectApplied(e)))
  startInterception()
  let deactivate: (() => void) | null = null
  let shims: ClientShims
  try {
    // Epoch ms as the history counts them.
    const sinceStart = (epochMs: number) => epochMs - start
    deactivate = activate(
      new RequestPipeline(new Map(services.map((s) => [s.name, s])), faults, history, null, null, sinceStart),
    )
    // Faults look as on a real socket.
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
