// The runner: builds one run's world from a scenario (virtual clock, seeded
// randomness, mock services behind the fault injector, storage, the model),
// supervises the executor's processes, drives the turn, lets late requests
// land, and returns the history. It never judges and never formats.
import { EmailService } from '../../mock-services/email/email.ts'
import { PaymentsService } from '../../mock-services/payments/payments.ts'
import type { MockService } from '../../mock-services/service.ts'
import type { Executor } from '../contract/executor.ts'
import { isRequestFault, type RequestFault } from '../faults/catalogue.ts'
import type { ExecutorCrash } from '../faults/executor-crash.ts'
import { runPlan } from '../model/model.ts'
import { drive } from '../sim/drive.ts'
import { activate, startInterception, stopInterception } from '../sim/network.ts'
import { RequestPipeline, type ServiceDirectory } from '../sim/pipeline.ts'
import { createRng } from '../sim/random.ts'
import { installSandbox } from '../sim/sandbox.ts'
import { SimStorage } from '../sim/storage.ts'
import { PatchTampered, tamperedPatches } from '../sim/patch.ts'
import { effectApplied, HistoryRecorder, type History } from './history.ts'
import type { Scenario } from './scenario.ts'
import { Supervisor } from './supervisor.ts'

/** How long past its deadline an executor may keep the turn before it counts as hung. */
export const HANG_GRACE_MS = 60_000
/** After the turn: how long held requests may still land. */
export const SETTLE_MS = 15 * 60_000
/** A cap on timer firings while settling, so a leaked interval cannot spin the harness. */
const SETTLE_MAX_STEPS = 5_000

export const SERVICE_URLS = { payments: 'https://payments.test', email: 'https://email.test' } as const

export interface RunResult {
  readonly scenario: Scenario
  readonly executor: string
  readonly history: History
  /** Real milliseconds the run took (measured outside the sandbox). */
  readonly realMs: number
}

export async function runScenario(scenario: Scenario, executor: Executor): Promise<RunResult> {
  const realStart = performance.now()
  startInterception()
  const sandbox = installSandbox(scenario.seed)
  const { clock } = sandbox
  const history = new HistoryRecorder(() => clock.elapsed())
  const storage = new SimStorage()
  let deactivate: (() => void) | null = null
  try {
    const runId = `run-${scenario.seed}`
    const run = Symbol(runId) // this run's identity; leftovers of earlier runs carry another
    history.record({ type: 'run-started', executor: executor.name, scenario: scenario.name, seed: scenario.seed, deadline: scenario.turnBudgetMs })
    const supervisor = new Supervisor({
      executor,
      services: SERVICE_URLS,
      storage,
      crashes: scenario.faults.filter((f): f is ExecutorCrash => f.kind === 'executor-crash'),
      history,
      clock,
      turnBudgetMs: scenario.turnBudgetMs,
      run,
    })
    const services = buildServices(scenario, history, () => clock.now())
    const requestFaults = scenario.faults.filter((f): f is RequestFault => isRequestFault(f))
    deactivate = activate(new RequestPipeline(services, requestFaults, history, supervisor.processes, run))

    // The turn: boot a process, then let the model work through the plan.
    let done = false
    const turn = (async () => {
      if (!(await supervisor.start())) return
      await runPlan({ scenario, runId, history, rng: createRng(scenario.seed, 'model'), clock, supervisor })
    })().finally(() => (done = true))

    const outcome = await drive(clock, () => done, () => supervisor.busyUntil + HANG_GRACE_MS)
    if (outcome.kind !== 'done') {
      const why = outcome.kind === 'stuck' ? 'waits for something that can never happen (no timer pending)' : `had not returned ${HANG_GRACE_MS / 1000}s after the turn's deadline`
      history.record({ type: 'executor-fault', call: supervisor.inFlight, problem: 'hung', message: `the executor ${why}` })
      void turn.catch(() => {})
    }

    // Requests still held in the network may land after the turn: let them.
    const settleUntil = clock.now() + SETTLE_MS
    await drive(clock, () => false, () => settleUntil, SETTLE_MAX_STEPS, 0) // nothing to wait for: quiet is the normal end
    // An executor that replaced a global the run patched: a finding (and the original comes back).
    for (const what of tamperedPatches()) history.record({ type: 'executor-fault', call: null, problem: 'tampered', message: `replaced ${what} during the run` })
    history.record({ type: 'run-ended', pendingTimers: clock.pendingTimers() })
    return { scenario, executor: executor.name, history: history.close(), realMs: performance.now() - realStart }
  } finally {
    try {
      deactivate?.()
      storage.close()
    } finally {
      try {
        sandbox.dispose()
      } catch (e) {
        if (!onlyTampering(e)) throw e // tampering was recorded above; anything else is the harness's own bug
      } finally {
        stopInterception()
      }
    }
  }
}

function onlyTampering(e: unknown): boolean {
  if (e instanceof PatchTampered) return true
  return e instanceof AggregateError && e.errors.every((x) => x instanceof PatchTampered)
}

/** The run's services; the e-mail service is built on first use (most refund-only runs never touch it). */
function buildServices(scenario: Scenario, history: HistoryRecorder, now: () => number): ServiceDirectory {
  const p = scenario.services.payments
  const payments = new PaymentsService(now, { processingMs: p.processingMs, visibilityLagMs: p.visibilityLagMs ?? 0, keyStore: p.keyStore ?? 'durable' })
  for (const pi of p.paymentIntents) payments.seedPaymentIntent(pi.id, pi.amount, pi.currency)
  payments.ledger.onAppend((entry) => history.record(effectApplied(entry)))
  const services = new Map<string, MockService>([['payments', payments]])
  const e = scenario.services.email
  return {
    get(name) {
      if (name === 'email' && !services.has('email')) {
        const email = new EmailService(now, { processingMs: e?.processingMs ?? 20, visibilityLagMs: e?.visibilityLagMs ?? 0, keyStore: e?.keyStore ?? 'durable', mode: e?.mode ?? 'idempotent+probe' })
        email.ledger.onAppend((entry) => history.record(effectApplied(entry)))
        services.set('email', email)
      }
      return services.get(name)
    },
  }
}
