// A run's world: everything a run installs, all or
// nothing, and undone in one place whatever failed.
// A run is sealed (docs/internals/engine.md).
// Longer than most because every install and
// its undo stand in one place, in order.
import type { Executor } from '../contract/executor.ts'
import { oneLine } from '../contract/one-line.ts'
import { isRequestFault, isToolTransportFault, type RequestFault } from '../faults/catalogue.ts'
import type { ExecutorCrash } from '../faults/executor-crash.ts'
import { currentContext, type WorkContext } from '../sim/attribution.ts'
import type { TimerHooks, TimerOwner, VirtualClock } from '../sim/clock.ts'
import { syncOnceAfter } from '../sim/esm-sync.ts'
import { installNetworkGuard } from '../sim/network-guard.ts'
import { trackNativeWork, type NativeWork } from '../sim/native-work.ts'
import { activate, startInterception, stopInterception } from '../sim/network.ts'
import { reinstateTampered } from '../sim/patch.ts'
import { keepUncaughtListeners } from '../sim/uncaught-guard.ts'
import { RequestPipeline } from '../sim/pipeline.ts'
import { installSandbox } from '../sim/sandbox.ts'
import { SimStorage } from '../sim/storage.ts'
import { installSpawnGuard } from '../sim/spawn-guard.ts'
import { installWriteGuard } from '../sim/write-guard.ts'
import { activateToolTransport, ToolTransportFaults } from '../sim/tool-transport.ts'
import { AROUND_INTERCEPTION, onlyMocks, servesHost } from '../sim/vendor-hosts.ts'
import { deepFreeze, HistoryRecorder, type History, type HistoryEvent } from '../history/history.ts'
import { BuiltinWatch } from './builtin-watch.ts'
import { executorName } from './executor-name.ts'
import { ProcessSupervisor } from './processes.ts'
import { buildServices } from './services.ts'
import { type Scenario, scenarioVendors } from '../scenario/scenario.ts'

export const SERVICE_URLS = Object.freeze({ payments: 'https://payments.test', email: 'https://email.test' } as const)

export interface WorldOptions {
  /** Event budget; past it the run is cut short (`flooded`). */
  readonly maxEvents?: number
  /** Sees every event as recorded (a worker streams them). */
  readonly sink?: (event: HistoryEvent) => void
  /**
   * Listen for uncaught exceptions and
   * unhandled rejections (default true); a
   * worker that listens itself passes false
   * and hands them to `reportUncaught`.
   */
  readonly listenForUncaught?: boolean
  /**
   * Real work to watch (default: the world's own);
   * a worker's outlives the run, for its leftovers.
   */
  readonly nativeWork?: NativeWork
  /**
   * The scenario is the run's alone (a worker
   * decoded it for it): frozen, not copied.
   */
  readonly ownsScenario?: boolean
  /**
   * The executor process `generation` (2, 3, …)
   * boots from after a crash: a fresh copy of its
   * modules in a worker (process-copies.ts);
   * default, the same one (module state shared).
   */
  readonly restarted?: (generation: number) => Executor
}

export class World {
  /** The world's own, frozen copy of the scenario. */
  readonly scenario: Scenario
  readonly runId: string
  readonly executorName: string
  readonly clock: VirtualClock
  readonly history: HistoryRecorder
  readonly processes: ProcessSupervisor
  /** Real work in flight: virtual time waits for it. */
  readonly work: NativeWork
  /** This run's identity; other runs' leftovers carry another. */
  readonly #run: symbol
  readonly #undo: (() => void)[]
  /** First: builtins as the run finds them. */
  readonly #builtins = new BuiltinWatch()
  #open = true
  /** Closed: builtins put back, no run code since. */
  #closed = false

  private constructor(scenario: Scenario, executor: Executor, options: WorldOptions, undo: (() => void)[]) {
    this.#undo = undo
    this.scenario = deepFreeze(options.ownsScenario ? scenario : structuredClone(scenario))
    this.runId = `run-${this.scenario.seed}`
    this.#run = Symbol(this.runId)
    this.executorName = executorName(executor)

    // 1. Interception: .test and vendor hosts
    //    answered here; nothing leaves.
    startInterception()
    undo.push(() => stopInterception())

    // 2. Real work, watched first: virtual time waits.
    this.work = options.nativeWork ?? trackNativeWork()
    if (!options.nativeWork) undo.push(() => this.work.stop())

    // 3. Sandbox: clock, randomness, client shims.
    const hooks: TimerHooks = {
      owner: () => {
        const ctx = currentContext()
        return ctx && ctx.generation !== null ? ctx : null
      },
      alive: (owner) => this.#alive(owner),
      threw: (error, owner) =>
        this.history.record({
          type: 'executor-fault',
          call: owner.call,
          problem: 'threw',
          message: `a callback it scheduled threw: ${oneLine(error)}`,
        }),
    }
    const sandbox = installSandbox(this.scenario.seed, hooks)
    undo.push(() => sandbox.dispose())
    this.clock = sandbox.clock
    this.history = new HistoryRecorder(() => this.clock.elapsed(), { maxEvents: options.maxEvents, sink: options.sink })

    // 4. Raw sockets, datagrams, DNS fail closed (msw sees HTTP).
    //    A service's own host: its client went around msw.
    const vendors = scenarioVendors(this.scenario)
    const guard = installNetworkGuard((what, host, name) => {
      const work = currentContext()
      if (work !== null && work.run !== this.#run) return // a leftover's
      // A dead process did it: fenced, as the pipeline does.
      if (work !== null && !this.processes.processes.isAlive(work.generation))
        return void this.history.record({ type: 'fenced', generation: work.generation, what })
      this.history.record({
        type: 'executor-fault',
        call: work?.call ?? null,
        problem: 'blocked-network',
        host,
        message: `tried ${what}; ${servesHost(vendors, name ?? host) ? AROUND_INTERCEPTION : onlyMocks(host, [vendors.payments, vendors.email])}`,
      })
    })
    undo.push(() => guard.undo())

    // 4b. No process or thread starts; a file
    //     written is a finding, once a path.
    const spawns = installSpawnGuard((what) => {
      const work = currentContext()
      if (work !== null && work.run !== this.#run) return // a leftover's
      const call = work?.call ?? null
      this.history.record({ type: 'executor-fault', call, problem: 'spawned-process', message: what })
    })
    undo.push(() => spawns.undo())
    const written = new Set<string>()
    const writes = installWriteGuard(
      (file, how) => {
        if (written.has(file)) return
        written.add(file)
        const call = currentContext()?.call ?? null
        this.history.record({ type: 'executor-fault', call, problem: 'wrote-files', message: `wrote ${file} (${how})` })
      },
      () => currentContext()?.run === this.#run, // not the harness's
    )
    undo.push(() => writes.undo())

    // 5. Storage, processes, services, the pipeline.
    const storage = new SimStorage()
    undo.push(() => storage.close())
    this.processes = new ProcessSupervisor({
      executor,
      ...(options.restarted && { restarted: options.restarted }),
      services: SERVICE_URLS,
      vendors,
      storage,
      crashes: this.scenario.faults.filter((f): f is ExecutorCrash => f.kind === 'executor-crash'),
      history: this.history,
      clock: this.clock,
      died: (dead) => sandbox.died(dead),
      turnBudgetMs: this.scenario.turnBudgetMs,
      run: this.#run,
    })
    const requestFaults = this.scenario.faults.filter((f): f is RequestFault => isRequestFault(f))
    const pipeline = new RequestPipeline(
      buildServices(this.scenario, this.history, () => this.clock.now()),
      requestFaults,
      this.history,
      this.processes.processes,
      this.#run,
      (epochMs) => epochMs - (this.clock.now() - this.clock.elapsed()),
    )
    const deactivate = activate(pipeline)
    undo.push(() => {
      pipeline.close() // nothing stays pending past the run
      deactivate()
    })
    // An MCP adapter's tools/call faults.
    const transport = new ToolTransportFaults(
      this.scenario.faults.filter(isToolTransportFault),
      this.history,
      this.processes.processes,
      this.#run,
      (dead) => sandbox.died(dead),
    )
    undo.push(activateToolTransport(transport))

    // 6. Uncaught throws: findings on the call in flight.
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

  /** Install a run's world, all or nothing. */
  static open(scenario: Scenario, executor: Executor, options: WorldOptions = {}): World {
    // Checked first: a second world would share the globals.
    if (active)
      throw new Error(
        'faultline: another run is already active in this thread; runs in one thread go one at a time (a campaign runs several in workers)',
      )
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

  /** The world open in this thread (one: one interception). */
  static active(): World | null {
    return active
  }

  /** Is `work` the open world's, not a finished run's? */
  static owns(work: WorkContext): boolean {
    return active !== null && active.#run === work.run
  }

  /** Should the run end now (the event budget ran out)? */
  get cutShort(): boolean {
    return this.history.full
  }

  /** An uncaught throw, blamed on its work or the call. */
  reportUncaught(error: unknown, what: string): void {
    if (!this.#open) return
    const call = currentContext()?.call ?? this.processes.inFlight
    const message = `${what}: ${oneLine(error)}`
    this.#builtins.rescued(() => this.history.record({ type: 'executor-fault', call, problem: 'threw', message }))
  }

  /** It undid a guard (put back): `what` it did. */
  reportTampered(what: string): void {
    if (!this.#open) return
    const call = currentContext()?.call ?? null
    const message = `${what} (put back)`
    this.#builtins.rescued(() => this.history.record({ type: 'executor-fault', call, problem: 'tampered', message }))
  }

  /**
   * Has the executor changed a builtin the harness
   * uses in this run (changed now, or put back)?
   */
  get builtinsChanged(): boolean {
    return this.#builtins.changed
  }

  /**
   * End the history; replaced globals restored,
   * reported. `stopped`: why the run ended early.
   */
  close(stopped?: string): History {
    // Builtins first: the rest of close runs on them.
    const builtins = this.#builtins.restore()
    keepUncaughtListeners()
    for (const what of builtins.changed) {
      const undone = builtins.stuck.has(what) ? 'it cannot be undone in this thread' : 'undone'
      this.history.record({
        type: 'executor-fault',
        call: null,
        problem: 'tampered',
        message: `changed ${what} during the run (${undone})${stopped ? `; ${stopped}` : ''}`,
      })
      stopped = undefined
    }
    for (const what of [...reinstateTampered(), ...this.clock.tampered()]) {
      this.history.record({
        type: 'executor-fault',
        call: null,
        problem: 'tampered',
        message: `replaced ${what} during the run (restored)`,
      })
    }
    const history = this.history.close(this.clock.pendingTimers())
    this.#closed = true
    return history
  }

  /**
   * Undo everything installed, in reverse; every undo
   * runs. The executor's leftovers never run again.
   */
  dispose(): void {
    if (!this.#open) return
    this.#open = false
    if (active === this) active = null
    // Put back by close(), which reports them.
    if (!this.#closed) this.#builtins.restore()
    reinstateTampered()
    syncOnceAfter(() => undoEach(this.#undo))
  }

  #alive(owner: TimerOwner): boolean {
    return this.#open && (owner as WorkContext).run === this.#run && this.processes.processes.isAlive(owner.generation)
  }
}

let active: World | null = null

/** Undo all in reverse; rethrow the first failure. */
export function undoEach(undo: (() => void)[]): void {
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
