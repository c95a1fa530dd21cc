// A run's world: everything a run installs — msw interception, the virtual
// clock, seeded randomness, the client shims, the network guard, the mock
// services behind the request pipeline, durable storage, the executor's
// processes and the history — installed in one place, all or nothing, and
// disposed of in one place, whatever failed.
//
// A run is sealed: the world works on its own deep copy of the scenario, the
// executor gets copies of what it is handed, and every history event is frozen
// as it is recorded, so nothing the executor does changes the scenario that
// search replays and shrinks, or the record the judges read.
import type { Executor } from '../contract/executor.ts'
import { oneLine } from '../contract/one-line.ts'
import { isRequestFault, type RequestFault } from '../faults/catalogue.ts'
import type { ExecutorCrash } from '../faults/executor-crash.ts'
import { currentContext, type WorkContext } from '../sim/attribution.ts'
import type { TimerHooks, TimerOwner, VirtualClock } from '../sim/clock.ts'
import { syncOnceAfter } from '../sim/esm-sync.ts'
import { installNetworkGuard } from '../sim/network-guard.ts'
import { trackNativeWork, type NativeWork } from '../sim/native-work.ts'
import { activate, startInterception, stopInterception } from '../sim/network.ts'
import { reinstateTampered } from '../sim/patch.ts'
import { RequestPipeline } from '../sim/pipeline.ts'
import { installSandbox } from '../sim/sandbox.ts'
import { SimStorage } from '../sim/storage.ts'
import { deepFreeze, HistoryRecorder, type History, type HistoryEvent } from '../history/history.ts'
import { executorName } from './executor-name.ts'
import { ProcessSupervisor } from './processes.ts'
import { buildServices } from './services.ts'
import type { Scenario } from '../scenario/scenario.ts'

export const SERVICE_URLS = Object.freeze({ payments: 'https://payments.test', email: 'https://email.test' } as const)

export interface WorldOptions {
  /** Budget of history events; past it the run is cut short with a `flooded` finding. */
  readonly maxEvents?: number
  /** Sees every history event as it is recorded (a worker streams them to its supervisor). */
  readonly sink?: (event: HistoryEvent) => void
  /**
   * Listen for the process's uncaught exceptions and unhandled rejections while
   * the run is open (default true). A worker that listens for itself passes
   * false and hands them to `reportUncaught`.
   */
  readonly listenForUncaught?: boolean
  /** Real work to watch (default: the world's own, ended with it); a worker's outlives the run, for its leftovers. */
  readonly nativeWork?: NativeWork
}

export class World {
  /** The world's own, frozen copy of the scenario. */
  readonly scenario: Scenario
  readonly runId: string
  readonly executorName: string
  readonly clock: VirtualClock
  readonly history: HistoryRecorder
  readonly processes: ProcessSupervisor
  /** Real work in flight (thread pool, OS): virtual time waits for it. */
  readonly work: NativeWork
  /** This run's identity in the work context: leftovers of other runs carry another. */
  readonly #run: symbol
  readonly #undo: (() => void)[]
  #open = true

  private constructor(scenario: Scenario, executor: Executor, options: WorldOptions, undo: (() => void)[]) {
    this.#undo = undo
    this.scenario = deepFreeze(structuredClone(scenario))
    this.runId = `run-${this.scenario.seed}`
    this.#run = Symbol(this.runId)
    this.executorName = executorName(executor)

    // 1. Interception: every request to a .test host comes to this run; nothing else leaves.
    startInterception()
    undo.push(() => stopInterception())

    // 2. Real work is watched from the start, so virtual time never runs ahead of it.
    this.work = options.nativeWork ?? trackNativeWork()
    if (!options.nativeWork) undo.push(() => this.work.stop())

    // 3. The sandbox: the clock (its timers owned by processes), randomness, client shims.
    const hooks: TimerHooks = {
      owner: () => {
        const ctx = currentContext()
        return ctx && ctx.generation !== null ? ctx : null
      },
      alive: (owner) => this.#alive(owner),
      threw: (error, owner) => this.history.record({ type: 'executor-fault', call: owner.call, problem: 'threw', message: `a callback it scheduled threw: ${oneLine(error)}` }),
    }
    const sandbox = installSandbox(this.scenario.seed, hooks)
    undo.push(() => sandbox.dispose())
    this.clock = sandbox.clock
    this.history = new HistoryRecorder(() => this.clock.elapsed(), { maxEvents: options.maxEvents, sink: options.sink })

    // 4. Raw sockets, datagrams and DNS fail closed (msw only sees HTTP).
    const guard = installNetworkGuard((what) => this.history.record({ type: 'executor-fault', call: currentContext()?.call ?? null, problem: 'blocked-network', message: `tried ${what}; a run reaches only the mock services` }))
    undo.push(() => guard.undo())

    // 5. Durable storage, the processes that borrow it, the services, the pipeline.
    const storage = new SimStorage()
    undo.push(() => storage.close())
    this.processes = new ProcessSupervisor({
      executor,
      services: SERVICE_URLS,
      storage,
      crashes: this.scenario.faults.filter((f): f is ExecutorCrash => f.kind === 'executor-crash'),
      history: this.history,
      clock: this.clock,
      turnBudgetMs: this.scenario.turnBudgetMs,
      run: this.#run,
    })
    const requestFaults = this.scenario.faults.filter((f): f is RequestFault => isRequestFault(f))
    const pipeline = new RequestPipeline(buildServices(this.scenario, this.history, () => this.clock.now()), requestFaults, this.history, this.processes.processes, this.#run, (epochMs) => epochMs - (this.clock.now() - this.clock.elapsed()))
    const deactivate = activate(pipeline)
    undo.push(() => {
      pipeline.close() // no intercepted request stays pending past the run
      deactivate()
    })

    // 6. What the executor throws where nobody catches it is a finding about the call in flight.
    if (options.listenForUncaught !== false) {
      const uncaught = (e: unknown) => this.reportUncaught(e, 'an uncaught exception')
      const unhandled = (e: unknown) => this.reportUncaught(e, 'an unhandled rejection')
      process.on('uncaughtException', uncaught)
      process.on('unhandledRejection', unhandled)
      undo.push(() => {
        process.off('uncaughtException', uncaught)
        process.off('unhandledRejection', unhandled)
      })
    }
  }

  /** Install a run's world, all or nothing: if any part fails to install, what was installed is undone. */
  static open(scenario: Scenario, executor: Executor, options: WorldOptions = {}): World {
    // Checked before anything is installed: a second world would share the first one's globals.
    if (active) throw new Error('faultline: another run is already active in this thread; runs in one thread go one at a time (a campaign runs several in workers)')
    const undo: (() => void)[] = []
    return syncOnceAfter(() => {
      try {
        const world = new World(scenario, executor, options, undo)
        active = world
        return world
      } catch (e) {
        undoEach(undo)
        throw e
      }
    })
  }

  /** The world open in this thread, if any (one at a time: the interception has one active run). */
  static active(): World | null {
    return active
  }

  /** Is `work` the open world's (and not a leftover of a finished run)? */
  static owns(work: WorkContext): boolean {
    return active !== null && active.#run === work.run
  }

  /** Should the run end now (the event budget ran out)? */
  get cutShort(): boolean {
    return this.history.full
  }

  /** Something the executor threw that nobody caught: attributed to the work it came from, or to the call in flight. */
  reportUncaught(error: unknown, what: string): void {
    if (!this.#open) return
    const call = currentContext()?.call ?? this.processes.inFlight
    this.history.record({ type: 'executor-fault', call, problem: 'threw', message: `${what}: ${oneLine(error)}` })
  }

  /**
   * End the run's history: globals the executor replaced are put back and
   * reported, and the run's end is recorded. Returns the frozen history.
   */
  close(): History {
    for (const what of [...reinstateTampered(), ...this.clock.tampered()]) {
      this.history.record({ type: 'executor-fault', call: null, problem: 'tampered', message: `replaced ${what} during the run (restored)` })
    }
    return this.history.close(this.clock.pendingTimers())
  }

  /** Undo everything the world installed, in reverse order; every undo runs. Leftovers of the executor never run again. */
  dispose(): void {
    if (!this.#open) return
    this.#open = false
    if (active === this) active = null
    reinstateTampered() // (already reported by close() when the run got that far)
    syncOnceAfter(() => undoEach(this.#undo))
  }

  #alive(owner: TimerOwner): boolean {
    return this.#open && (owner as WorkContext).run === this.#run && this.processes.processes.isAlive(owner.generation)
  }
}

let active: World | null = null

/** Undo in reverse order; every step runs; the first failure is rethrown at the end. */
function undoEach(undo: (() => void)[]): void {
  const errors: unknown[] = []
  while (undo.length > 0) {
    try {
      undo.pop()!()
    } catch (e) {
      errors.push(e)
    }
  }
  if (errors.length === 1) throw errors[0]
  if (errors.length > 1) throw new AggregateError(errors, 'faultline: several parts of a run failed to undo')
}
