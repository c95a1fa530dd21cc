// The same call inside a faultline run: virtual
// clock, msw, the scheduled fault thrown from the
// handler. A one-call executor makes it and keeps
// what the client raised.
import type { Executor } from '../../../harness/contract/executor.ts'
import type { RequestFault } from '../../../harness/faults/catalogue.ts'
import { eventsOf } from '../../../harness/history/history.ts'
import { runScenario } from '../../../harness/run/runner.ts'
import { refundScenario } from '../../support/scenario.ts'
import type { ClientCall } from './clients.ts'
import { scenarioFaults, type FaultCase } from './faults.ts'
import { observe, type Cell, type Outcome } from './observe.ts'

function capturingExecutor(call: ClientCall, seen: { outcome?: Outcome; elapsedMs?: number }): Executor {
  return {
    name: 'fidelity-probe',
    async boot(ctx) {
      return {
        async callTool() {
          const start = Date.now()
          seen.outcome = await call(ctx.services.payments).then(
            (status): Outcome => ({ kind: 'response', status }),
            (e: unknown): Outcome => ({ kind: 'error', error: observe(e) }),
          )
          seen.elapsedMs = Date.now() - start
          return {
            status: 'UNKNOWN',
            retry_safe: false,
            effect: null,
            action_taken: 'fidelity probe',
            message: 'observed the client error',
          }
        },
      }
    },
  }
}

/** One call in a run with the fault scheduled. */
export function captureSimulated(call: ClientCall, fault: FaultCase): Promise<Cell> {
  return captureInRun(call, scenarioFaults(fault), `fidelity-${fault}`)
}

/** One call in a run with these faults. */
export async function captureInRun(
  call: ClientCall,
  faults: readonly RequestFault[],
  name = 'fidelity',
): Promise<Cell> {
  const seen: { outcome?: Outcome; elapsedMs?: number } = {}
  const { history } = await runScenario(
    refundScenario({
      name,
      faults: [...faults],
      model: { maxAsks: 1, regenerateArgs: false },
      // An instant service, like the loopback server, so
      // the two worlds' timings compare.
      services: { payments: { processingMs: 0, paymentIntents: [{ id: 'pi_1', amount: 10_000, currency: 'eur' }] } },
    }),
    capturingExecutor(call, seen),
  )
  const problems = eventsOf(history, 'executor-fault')
  if (!seen.outcome || seen.elapsedMs === undefined) {
    throw new Error(
      `the client call never completed in the run: ${problems.map((p) => `${p.problem}: ${p.message}`).join('; ') || 'no outcome'}`,
    )
  }
  // Requests reaching the service: every attempt but
  // those refused before sending.
  const refused = eventsOf(history, 'fault-injected').filter((f) => f.boundary === 'before-send').length
  return {
    outcome: seen.outcome,
    requests: eventsOf(history, 'attempt-sent').length - refused,
    elapsedMs: seen.elapsedMs,
  }
}
