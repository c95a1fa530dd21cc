// The executor's processes in a run: work races a
// crash; after one, its timers die and the next
// generation boots on the same storage to recover.
import type { Executor, ExecutorProcess, ToolContract } from '../contract/executor.ts'
import { TOOLS } from '../contract/tools.ts'
import type { Vendors } from '../contract/vendors.ts'
import { runInContext } from '../sim/attribution.ts'
import type { Dead, VirtualClock } from '../sim/clock.ts'
import { ProcessCrashed, ProcessTable, type Crash } from '../sim/process-table.ts'
import type { SimStorage } from '../sim/storage.ts'
import type { ExecutorCrash } from '../faults/executor-crash.ts'
import type { HistoryRecorder } from '../history/history.ts'
import { oneLine } from '../contract/one-line.ts'
import { isInstance } from '../contract/safe-read.ts'
import type { ProcessControl } from '../model/process-control.ts'

export type Within<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly crashed: Crash }
  | { readonly ok: false; readonly threw: unknown }

export interface ProcessSupervisorOptions {
  readonly executor: Executor
  /** What a process after a crash boots from (world.ts). */
  readonly restarted?: (generation: number) => Executor
  readonly services: { readonly payments: string; readonly email: string }
  readonly vendors: Vendors
  readonly storage: SimStorage
  readonly crashes: readonly ExecutorCrash[]
  readonly history: HistoryRecorder
  readonly clock: VirtualClock
  /** Ends what a dead process held (sandbox.ts). */
  readonly died: (dead: Dead) => void
  readonly turnBudgetMs: number
  /** The run's identity in the work context (attribution.ts). */
  readonly run: symbol
}

export class ProcessSupervisor implements ProcessControl {
  readonly processes: ProcessTable
  readonly #o: ProcessSupervisorOptions
  #process: ExecutorProcess | null = null
  #crash!: Promise<Crash>
  #resolveCrash!: (c: Crash) => void
  #inFlight: string | null = null
  #deadline = 0
  #pausedUntil = 0
  /** The call in flight at the last crash: recovery works for it. */
  #recovering: string | null = null

  constructor(options: ProcessSupervisorOptions) {
    this.#o = options
    this.processes = new ProcessTable(options.crashes, (crash) => {
      options.history.record({
        type: 'process-crashed',
        generation: crash.generation,
        point: `${crash.fault.point} #${crash.fault.nth}`,
        call: this.#inFlight,
      })
      this.#recovering = this.#inFlight
      // A real crash kills its timers, sockets
      // and database connections.
      try {
        options.died((owner) => owner.generation === crash.generation)
        options.storage.crashed()
      } finally {
        this.#resolveCrash(crash)
      }
    })
  }

  /**
   * The current turn's deadline (epoch
   * ms); a restart begins a new turn.
   */
  get deadline(): number {
    return this.#deadline
  }

  /** Until when the run may go quiet: deadline or pause's end. */
  get busyUntil(): number {
    return Math.max(this.#deadline, this.#pausedUntil)
  }

  /** The call in progress, if any (to name a hung one). */
  get inFlight(): string | null {
    return this.#inFlight
  }

  /**
   * Boot the first process. False when the
   * executor could not boot (recorded).
   */
  start(): Promise<boolean> {
    this.#newTurn()
    return this.#boot()
  }

  /**
   * After `crash`: wait out its pause, boot the next
   * generation, recover. False when booting failed.
   */
  async restart(crash: Crash): Promise<boolean> {
    await this.#pause(crash)
    return this.#boot()
  }

  /** Run `fn` in the current process as `call`, racing a crash. */
  async within<T>(call: string | null, fn: (p: ExecutorProcess) => Promise<T>): Promise<Within<T>> {
    const process = this.#process
    if (!process) throw new Error('faultline: no executor process is running')
    const generation = this.processes.current
    this.#inFlight = call
    try {
      const work = runInContext({ run: this.#o.run, generation, call }, () => Promise.resolve().then(() => fn(process)))
      const result = await Promise.race([
        work.then(
          (value): Within<T> => ({ ok: true, value }),
          (threw: unknown): Within<T> => ({ ok: false, threw }),
        ),
        this.#crash.then((crashed): Within<T> => ({ ok: false, crashed })),
      ])
      // Whatever the dead process still
      // returned or threw, it crashed.
      if (!this.processes.isAlive(generation) || ('threw' in result && isInstance(result.threw, ProcessCrashed)))
        return { ok: false, crashed: await this.#crash }
      return result
    } finally {
      this.#inFlight = null
    }
  }

  /** Start a new turn (compensation gets a turn of its own). */
  newTurn(): void {
    this.#newTurn()
  }

  #newTurn(): void {
    this.#deadline = this.#o.clock.now() + this.#o.turnBudgetMs
    this.#o.history.record({ type: 'turn-started', deadline: this.#o.clock.elapsed() + this.#o.turnBudgetMs })
  }

  async #boot(): Promise<boolean> {
    for (;;) {
      const generation = this.processes.boot()
      this.#crash = new Promise((resolve) => (this.#resolveCrash = resolve))
      const storage = Object.freeze(this.#o.storage.forProcess(generation, this.processes))
      const ctx = Object.freeze({
        services: Object.freeze({ ...this.#o.services }),
        vendors: Object.freeze({ ...this.#o.vendors }),
        storage,
      })
      const executor = generation > 1 && this.#o.restarted ? this.#o.restarted(generation) : this.#o.executor
      const booted = await this.#race(generation, () => executor.boot(ctx))
      if ('crashed' in booted) {
        await this.#pause(booted.crashed)
        continue
      }
      if ('threw' in booted) {
        this.#o.history.record({
          type: 'executor-fault',
          call: null,
          problem: 'boot-failed',
          message: oneLine(booted.threw),
        })
        return false
      }
      const process = asProcess(booted.value)
      if (typeof process === 'string') {
        this.#o.history.record({ type: 'executor-fault', call: null, problem: 'boot-failed', message: process })
        return false
      }
      this.#process = process.value
      this.#o.history.record({
        type: 'process-booted',
        generation,
        ...(process.contracts && { contracts: process.contracts }),
        ...(process.seesDeadline === false && { seesDeadline: false as const }),
      })
      if (generation > 1 && process.recover) {
        const recover = process.recover
        // Recovery reconciles the call in flight: what
        // it sends is that call's, for the judges.
        const recovered = await this.within(this.#recovering, () => recover(this.#deadline))
        if ('crashed' in recovered) {
          await this.#pause(recovered.crashed)
          continue
        }
        if ('threw' in recovered) {
          this.#o.history.record({
            type: 'executor-fault',
            call: this.#recovering, // whose work recovery was
            problem: 'threw',
            message: `recover(): ${oneLine(recovered.threw)}`,
          })
          return false
        }
        this.#o.history.record({ type: 'process-recovered', generation })
      }
      return true
    }
  }

  /** The dead process stays down; the next starts a new turn. */
  async #pause(crash: Crash): Promise<void> {
    if (crash.fault.pauseMs > 0) {
      this.#pausedUntil = this.#o.clock.now() + crash.fault.pauseMs
      await this.#o.clock.sleep(crash.fault.pauseMs)
    }
    this.#newTurn()
  }

  async #race<T>(generation: number, fn: () => Promise<T>): Promise<Within<T>> {
    // A restarted process's boot work belongs
    // to the call in flight at the crash.
    const work = runInContext({ run: this.#o.run, generation, call: this.#recovering }, () =>
      Promise.resolve().then(fn),
    )
    const result = await Promise.race([
      work.then(
        (value): Within<T> => ({ ok: true, value }),
        (threw: unknown): Within<T> => ({ ok: false, threw }),
      ),
      this.#crash.then((crashed): Within<T> => ({ ok: false, crashed })),
    ])
    if (!this.processes.isAlive(generation)) return { ok: false, crashed: await this.#crash }
    return result
  }
}

/**
 * What boot() resolved to, as a process, read once: a
 * throwing getter or missing method is a boot failure.
 */
function asProcess(value: unknown):
  | {
      value: ExecutorProcess
      recover: ExecutorProcess['recover']
      contracts: Contracts | null
      seesDeadline: boolean
    }
  | string {
  if (typeof value !== 'object' || value === null)
    return `boot() resolved to ${value === null ? 'null' : typeof value}; it must resolve to an object with callTool(call)`
  try {
    const p = value as ExecutorProcess
    if (typeof p.callTool !== 'function') return 'boot() resolved to an object without a callTool(call) method'
    const recover = p.recover
    if (recover !== undefined && typeof recover !== 'function') return "the process's recover is not a function"
    const contracts = contractsOf(p.contracts)
    if (typeof contracts === 'string') return contracts
    const seesDeadline = p.seesDeadline ?? true
    if (typeof seesDeadline !== 'boolean') return "the process's seesDeadline is not true or false"
    return { value: p, recover: recover?.bind(p), contracts, seesDeadline }
  } catch (e) {
    return `reading the booted process threw: ${oneLine(e)}`
  }
}

type Contracts = Record<string, ToolContract>

/** Declared contracts as plain data, or why not. */
function contractsOf(raw: unknown): Contracts | null | string {
  if (raw === undefined) return null
  if (typeof raw !== 'object' || raw === null) return "the process's contracts are not an object"
  const out: Contracts = {}
  for (const [tool, c] of Object.entries(raw)) {
    if (!TOOLS[tool]) return `the process declares a contract for "${tool.slice(0, 60)}", which is not a faultline tool`
    const one: Record<string, boolean> = {}
    for (const k of ['readOnly', 'destructive', 'idempotent'] as const) {
      const v = (c as Record<string, unknown> | null)?.[k]
      if (typeof v === 'boolean') one[k] = v
    }
    if (Object.keys(one).length > 0) out[tool] = one
  }
  return Object.keys(out).length > 0 ? out : null
}
