// Where campaigns send scenarios: supervised
// workers, or the caller's thread (fast, but
// unsupervised).
import type { Executor } from '../contract/executor.ts'
import type { History } from '../history/history.ts'
import { runScenario } from '../run/runner.ts'
import { undoEach } from '../run/world.ts'
import type { Scenario } from '../scenario/scenario.ts'
import { executorName } from '../run/executor-name.ts'
import { forwardUntilReleased } from '../sim/esm-sync.ts'
import { startInterception, stopInterception } from '../sim/network.ts'
import { installWriteGuard } from '../sim/write-guard.ts'

export interface RunOutcome {
  readonly history: History
  /** Real ms the run took. */
  readonly realMs: number
  /** Overran its budget (history ends `hung`). */
  readonly overran: boolean
  /** Its worker died: a costly run. */
  readonly died: boolean
}

export interface RunOptions {
  /** A tighter real-time budget (ms). */
  readonly realMs?: number
  /** Replay an overrun or OOM once (default true). */
  readonly replay?: boolean
  /**
   * Aborted: not started (RunCancelled); a
   * run in flight goes on (it takes ms).
   */
  readonly signal?: AbortSignal
}

/** A run whose signal aborted before it started. */
export class RunCancelled extends Error {
  override readonly name = 'RunCancelled'
}

/**
 * The service can run nothing more (its
 * executor no longer loads): a campaign
 * ends on the runs it made, cut.
 */
export class ServiceUnavailable extends Error {
  override readonly name: string = 'ServiceUnavailable'
}

export interface RunService {
  readonly executorName: string
  /** Runs at once; more are queued. */
  readonly concurrency: number
  /**
   * Executor faults go in the history; harness
   * failures reject. `realMs` tightens the budget.
   */
  run(scenario: Scenario, options?: RunOptions): Promise<RunOutcome>
  /**
   * The run in a fresh worker of its own, as
   * `faultline run` replays it: none of the
   * state earlier runs left in a worker. Absent
   * where nothing is left between runs that a
   * replay could lack (bundled, in this thread).
   */
  readonly runAlone?: (scenario: Scenario) => Promise<RunOutcome>
  close(): Promise<void>
}

/** In this thread, one at a time: trusted code only. */
export class InThreadRunService implements RunService {
  readonly executorName: string
  readonly concurrency = 1
  readonly #executor: Executor
  /** Undone at close, in reverse. */
  readonly #held: (() => void)[] = []

  constructor(executor: Executor) {
    this.#executor = executor
    this.executorName = executorName(executor)
    // Once, not per run: what passes through
    // between runs (the guards that refuse
    // are the runs' alone in this thread).
    // Forwarders first: their release's sweep,
    // last, shows ESM the exports put back.
    try {
      this.#held.push(forwardUntilReleased())
      startInterception()
      this.#held.push(stopInterception)
      const writes = installWriteGuard(
        () => {},
        () => false,
      )
      this.#held.push(() => writes.undo())
    } catch (e) {
      undoEach(this.#held)
      throw e
    }
  }

  /** One world at a time in a thread. */
  #last: Promise<unknown> = Promise.resolve()

  run(scenario: Scenario, options: RunOptions = {}): Promise<RunOutcome> {
    const next = this.#last.then(async () => {
      if (options.signal?.aborted) throw new RunCancelled()
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
    undoEach(this.#held)
  }
}

/** An Executor runs in-thread; a service as is. */
export function asService(target: Executor | RunService): RunService {
  return typeof (target as Executor).boot === 'function'
    ? new InThreadRunService(target as Executor)
    : (target as RunService)
}
