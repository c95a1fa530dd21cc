// Where campaigns send scenarios to be run: a pool of supervised workers (the
// default for anything loaded by name or path), or the caller's own thread (for
// an Executor object in a test or a script: fast, but unsupervised).
import type { Executor } from '../contract/executor.ts'
import type { History } from '../history/history.ts'
import { runScenario } from '../run/runner.ts'
import type { Scenario } from '../scenario/scenario.ts'
import { executorName } from '../run/executor-name.ts'
import { startInterception, stopInterception } from '../sim/network.ts'

export interface RunOutcome {
  readonly history: History
  /** Real milliseconds the run took. */
  readonly realMs: number
  /** It overran its real-time budget (its history ends with a `hung` finding). */
  readonly overran: boolean
  /** Its worker died (overran, ended by the executor, out of memory) and had to be replaced: a costly run. */
  readonly died: boolean
}

export interface RunService {
  readonly executorName: string
  /** How many runs it runs at once; it queues what it is given beyond that (a campaign keeps one queued). */
  readonly concurrency: number
  /** Run one scenario; executor faults are in the history, harness failures reject. `realMs` tightens the real-time budget. */
  run(scenario: Scenario, options?: { readonly realMs?: number; readonly replay?: boolean }): Promise<RunOutcome>
  close(): Promise<void>
}

/** Runs in the caller's thread, one at a time. Nothing protects the caller from the executor: use it for code you trust. */
export class InThreadRunService implements RunService {
  readonly executorName: string
  readonly concurrency = 1
  readonly #executor: Executor

  constructor(executor: Executor) {
    this.#executor = executor
    this.executorName = executorName(executor)
    startInterception() // once for the service's life, not once per run
  }

  /** Runs queue up: one world at a time in a thread. */
  #last: Promise<unknown> = Promise.resolve()

  run(scenario: Scenario): Promise<RunOutcome> {
    const next = this.#last.then(async () => {
      const r = await runScenario(scenario, this.#executor)
      return { history: r.history, realMs: r.realMs, overran: false, died: false }
    })
    this.#last = next.catch(() => {})
    return next
  }

  #closed = false

  async close(): Promise<void> {
    if (this.#closed) return
    this.#closed = true
    stopInterception()
  }
}

/** A run service for what a campaign is given: an executor object (run in this thread) or a service as it is. */
export function asService(target: Executor | RunService): RunService {
  return typeof (target as Executor).boot === 'function' ? new InThreadRunService(target as Executor) : (target as RunService)
}
