// The executor runs only in these workers;
// the main thread owns the verdict. Each run
// is watched; a dead worker is replaced.
//
// Longer than most because a worker's life
// is one state machine.
import { realNow } from '../sim/real-clock.ts'
import { oneLine } from '../contract/one-line.ts'
import { deepFreeze, type History, type HistoryEvent } from '../history/history.ts'
import type { Scenario } from '../scenario/scenario.ts'
import { COPY_LOAD_REAL_MS, copiesNeeded } from './process-copies.ts'
import { DEFAULT_BUDGETS, type Budgets } from './budgets.ts'
import { refLabel, type ExecutorRef } from './executor-ref.ts'
import { deathHistory, type Death } from './death.ts'
import type { Declared } from '../run/executor-declaration.ts'
import type { FromHost } from './protocol.ts'
import { RunCancelled, type RunOptions, type RunOutcome, type RunService, ServiceUnavailable } from './run-service.ts'

export { RunCancelled }
import {
  exitOf,
  gcFor,
  type GcThreads,
  killGroup,
  LoadFailure,
  loadInto,
  post,
  spawn,
  type Loaded,
  type Slot,
} from './spawn.ts'
import type { HostBank } from './host-bank.ts'
import { parseJournal } from './journal.ts'
import { newTask } from './task-id.ts'
import { toStderr } from './command-safe-output.ts'

export { LoadFailure }

/** The harness failed in a worker (exit 3). */
export class HarnessFailure extends Error {
  override readonly name = 'HarnessFailure'
}

export interface PoolOptions {
  /** Workers at once (default 1). */
  readonly workers?: number
  readonly budgets?: Partial<Budgets>
  /** Where the executor prints (default: stderr, CI commands broken). */
  readonly output?: (chunk: string) => void
  /**
   * Idle workers shared by pools of the same
   * options: a bundled executor's pool takes one
   * and leaves its own there when it closes.
   */
  readonly hosts?: HostBank
  /**
   * V8's garbage collection in the workers:
   * 'serial' when every core runs a worker (its
   * parallel helpers would only contend; +5 %
   * runs a second with 2 on 2 cores), else
   * 'parallel' (default: by `workers`).
   */
  readonly gc?: GcThreads
}

export interface Attempt {
  readonly task: number
  readonly scenario: Scenario
  readonly realMs: number
  readonly signal: AbortSignal | null
  /** Events past the journal, by message. */
  readonly overflow: HistoryEvent[]
  readonly resolve: (a: AttemptResult) => void
  readonly reject: (e: unknown) => void
}

type AttemptResult =
  | { readonly kind: 'done'; readonly history: History; readonly realMs: number }
  | { readonly kind: 'died'; readonly death: Death; readonly events: readonly HistoryEvent[]; readonly realMs: number }

/** Real ms for a run's leftovers to end. */
const LEFTOVER_REAL_MS = 2_000
/** Real ms a host has to hand over the journal. */
const DUMP_REAL_MS = 1_000

export class WorkerPool implements RunService {
  readonly executorName: string
  /** What it declared at load (tools, identity). */
  readonly declared: Declared
  readonly concurrency: number
  readonly #ref: ExecutorRef
  /** The ref as a key: whose copies a worker holds. */
  readonly #refKey: string
  readonly #budgets: Budgets
  readonly #output: (chunk: string) => void
  readonly #slots = new Set<Slot>()
  readonly #queue: Attempt[] = []
  /** Each worker's message listener, to hand it over. */
  readonly #listeners = new Map<Slot, (m: FromHost) => void>()
  /** Calls back once a draining worker is idle. */
  readonly #idled = new Map<Slot, () => void>()
  /** Why a worker's load failed, said by it. */
  readonly #loadFailed = new Map<Slot, string>()
  readonly #hosts: HostBank | null
  readonly #gc: GcThreads
  #closed = false
  /** Workers in a row that failed to load. */
  #loadFailures = 0
  #started = 1

  private constructor(
    ref: ExecutorRef,
    name: string,
    declared: Declared,
    workers: number,
    budgets: Budgets,
    output: (chunk: string) => void,
    first: Slot,
    hosts: HostBank | null,
    gc: GcThreads,
  ) {
    this.#ref = ref
    this.#refKey = JSON.stringify(ref)
    this.#hosts = hosts
    this.#gc = gc
    this.executorName = name
    this.declared = declared
    this.concurrency = workers
    this.#budgets = budgets
    this.#output = output
    this.#adopt(first)
    if (ref.kind !== 'bundled') this.runAlone = (scenario) => this.#runAlone(scenario)
  }

  readonly runAlone?: (scenario: Scenario) => Promise<RunOutcome>

  /** In a one-worker pool of its own, closed after. */
  async #runAlone(scenario: Scenario): Promise<RunOutcome> {
    const alone = await WorkerPool.open(this.#ref, { budgets: this.#budgets, output: this.#output, gc: this.#gc })
    try {
      return await alone.run(scenario)
    } finally {
      await alone.close()
    }
  }

  /**
   * One worker loads the executor first: a bad
   * module is one clear error, not N.
   */
  static async open(ref: ExecutorRef, options: PoolOptions = {}): Promise<WorkerPool> {
    const budgets = { ...DEFAULT_BUDGETS, ...options.budgets }
    const output = options.output ?? toStderr
    const workers = Math.max(1, Math.floor(options.workers ?? 1))
    const hosts = ref.kind === 'bundled' ? (options.hosts ?? null) : null
    const gc = options.gc ?? gcFor(workers)
    const { slot, name, declared } = await WorkerPool.#first(ref, budgets, output, hosts, gc)
    return new WorkerPool(ref, name, declared, workers, budgets, output, slot, hosts, gc)
  }

  /** A kept worker if one loads it, else a new one. */
  static async #first(
    ref: ExecutorRef,
    budgets: Budgets,
    output: (chunk: string) => void,
    hosts: HostBank | null,
    gc: GcThreads,
  ): Promise<Loaded> {
    const kept = hosts?.take()
    if (kept) {
      try {
        return await loadInto(kept, ref, budgets)
      } catch {
        // Its verdict is a new worker's to give.
        killGroup(kept)
      }
    }
    return loadInto(spawn(budgets, output, gc), ref, budgets)
  }

  /** Run a scenario; executor faults are in history. */
  async run(scenario: Scenario, options: RunOptions = {}): Promise<RunOutcome> {
    const realMs = Math.min(options.realMs ?? this.#budgets.runRealMs, this.#budgets.runRealMs)
    const signal = options.signal ?? null
    let result = await this.#attempt(scenario, realMs, signal, false)
    let attempts = 1
    if (result.kind === 'died' && result.death.kind !== 'exited' && options.replay !== false) {
      // Maybe the machine: again, in a new worker,
      // ahead of the queue (its verdict is awaited).
      try {
        result = await this.#attempt(scenario, realMs, signal, true)
        attempts = 2
      } catch (e) {
        // No worker loads: the first death stands.
        if (!(e instanceof ServiceUnavailable)) throw e
      }
    }
    if (result.kind === 'done') return { history: result.history, realMs: result.realMs, overran: false, died: false }
    return {
      history: deathHistory(result.events, result.death, attempts),
      realMs: result.realMs,
      overran: result.death.kind === 'overran',
      died: true,
    }
  }

  async close(): Promise<void> {
    this.#closed = true
    for (const a of this.#queue.splice(0))
      a.reject(new HarnessFailure('the worker pool was closed with runs still queued'))
    const hosts = this.#hosts
    await Promise.all([...this.#slots].map((s) => (hosts ? this.#release(s, hosts) : this.#stop(s))))
  }

  /**
   * Into the bank once its leftovers end, if it
   * is idle and well; otherwise ended.
   */
  async #release(slot: Slot, hosts: HostBank): Promise<void> {
    if (slot.draining && !slot.stopping)
      await new Promise<void>((resolve) => {
        this.#idled.set(slot, resolve)
        void slot.gone.then(resolve)
      })
    this.#idled.delete(slot)
    if (!slot.ready || slot.stopping || slot.draining || slot.attempt !== null || slot.next || !slot.up)
      return this.#stop(slot)
    this.#slots.delete(slot)
    const listener = this.#listeners.get(slot)
    if (listener) slot.host.off('message', listener)
    this.#listeners.delete(slot)
    hosts.give(slot)
  }

  #attempt(scenario: Scenario, realMs: number, signal: AbortSignal | null, first: boolean): Promise<AttemptResult> {
    if (this.#closed) return Promise.reject(new HarnessFailure('the worker pool is closed'))
    return new Promise<AttemptResult>((resolve, reject) => {
      if (signal?.aborted) return reject(new RunCancelled())
      const attempt = { task: newTask(), scenario, realMs, signal, overflow: [], resolve, reject }
      if (first) this.#queue.unshift(attempt)
      else this.#queue.push(attempt)
      // Not wanted any more: out of the queue.
      signal?.addEventListener(
        'abort',
        () => {
          const at = this.#queue.indexOf(attempt)
          if (at < 0) return
          this.#queue.splice(at, 1)
          reject(new RunCancelled())
        },
        { once: true },
      )
      this.#pump()
    })
  }

  /**
   * Queued runs to idle workers; grow to size;
   * then one more to each busy worker's pipe.
   */
  #pump(): void {
    for (const slot of this.#slots) {
      if (this.#queue.length === 0) return
      if (slot.ready && slot.attempt === null && !slot.draining && !slot.stopping)
        this.#dispatch(slot, this.#queue.shift()!)
    }
    const starting = [...this.#slots].filter((s) => !s.ready && !s.stopping).length
    for (let n = this.#slots.size; n < this.concurrency && this.#queue.length > starting; n++) this.#grow()
    // Only at full size: a new worker takes its own.
    if ([...this.#slots].some((s) => !s.ready && !s.stopping)) return
    for (const slot of this.#slots) {
      if (this.#queue.length === 0) return
      if (slot.ready && slot.next === null && (slot.attempt !== null || slot.draining) && !slot.stopping) {
        slot.next = this.#queue.shift()!
        this.#send(slot, slot.next)
      }
    }
  }

  /** Workers started (each a load), replacements too. */
  get workersStarted(): number {
    return this.#started
  }

  #grow(): void {
    this.#started++
    const slot = spawn(this.#budgets, this.#output, this.#gc)
    this.#adopt(slot)
    post(slot, { type: 'load', task: 0, executor: this.#ref })
    slot.watchdog = setTimeout(() => {
      slot.death ??= { kind: 'exited', how: 'it did not load in time' }
      void this.#stop(slot)
    }, this.#budgets.loadRealMs)
  }

  /**
   * Two failed loads in a row fail the queue
   * (one loaded before: flaky module or machine).
   */
  #failedToLoad(message: string): void {
    if (++this.#loadFailures < 2) return
    for (const a of this.#queue.splice(0)) a.reject(new LoadFailure(message))
  }

  #adopt(slot: Slot): void {
    this.#slots.add(slot)
    const listener = (m: FromHost) => this.#onMessage(slot, m)
    this.#listeners.set(slot, listener)
    slot.host.on('message', listener)
    // Handed over: no longer this pool's.
    void slot.gone.then(() => this.#slots.has(slot) && this.#onExit(slot))
  }

  #dispatch(slot: Slot, attempt: Attempt): void {
    this.#begin(slot, attempt)
    this.#send(slot, attempt)
  }

  /**
   * Its watchdog runs from now (a held run: idle),
   * with time for the copies its worker loads first.
   */
  #begin(slot: Slot, attempt: Attempt): void {
    slot.attempt = attempt
    slot.started = realNow()
    // A worker handed on holds another's copies.
    if (slot.copiesOf !== this.#refKey) {
      slot.copies = 0
      slot.copiesOf = this.#refKey
    }
    const copies = this.#ref.kind === 'bundled' ? 0 : copiesNeeded(attempt.scenario)
    const loading = Math.max(0, copies - slot.copies) * COPY_LOAD_REAL_MS
    slot.copies = Math.max(slot.copies, copies)
    slot.loadingCopies = loading > 0
    this.#watch(slot, attempt, attempt.realMs + loading)
  }

  #watch(slot: Slot, attempt: Attempt, ms: number): void {
    if (slot.watchdog) clearTimeout(slot.watchdog)
    slot.watchdog = setTimeout(() => {
      slot.death ??= { kind: 'overran', ms: attempt.realMs }
      void this.#stop(slot)
    }, ms)
  }

  #send(slot: Slot, attempt: Attempt): void {
    post(slot, {
      type: 'run',
      task: attempt.task,
      executor: this.#ref,
      scenario: attempt.scenario,
      maxEvents: this.#budgets.eventsPerRun,
    })
  }

  /**
   * A run's message naming another task: only
   * the executor writes one (the worker runs one
   * task at a time). Thrown: the pipe's reader
   * makes it the run's finding (garbled).
   */
  static #checkTask(slot: Slot, task: number): void {
    if (slot.attempt && slot.attempt.task !== task) throw new Error(`a message for task ${task} in another's run`)
  }

  /**
   * A message the worker sends only in one
   * state (a forged `idle` or `loaded` cleared
   * a run's watchdog: it could then hang).
   */
  static #inTurn(ok: boolean, type: string): void {
    if (!ok) throw new Error(`${type} out of turn`)
  }

  #onMessage(slot: Slot, m: FromHost): void {
    switch (m.type) {
      case 'journal':
        slot.journal = m.journal
        slot.dumped?.()
        return
      case 'worker-error':
        slot.death ??=
          m.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? { kind: 'out-of-memory', mb: this.#budgets.workerMemoryMb }
            : { kind: 'exited', how: `the worker failed: ${oneLine(m.message)}` }
        return
      case 'worker-exit':
        slot.journal = m.journal
        slot.exitCode = m.code
        return
      case 'garbled':
        slot.death ??= { kind: 'exited', how: "it wrote into the harness's pipe from its worker" }
        slot.tampered = true
        void this.#stop(slot)
        return
      case 'output-cut':
        this.#output(
          `\nfaultline: the executor printed more than ${m.bytes / 2 ** 20} MB in one run; the rest of that run's output is dropped\n`,
        )
        return
      case 'loaded':
        WorkerPool.#inTurn(!slot.ready, m.type)
        if (slot.watchdog) clearTimeout(slot.watchdog)
        slot.watchdog = null
        slot.ready = true
        this.#loadFailures = 0
        this.#pump()
        return
      case 'load-failed':
        WorkerPool.#inTurn(!slot.ready, m.type)
        // Counted once, as it exits (onExit).
        this.#loadFailed.set(slot, m.message)
        void this.#stop(slot)
        return
      case 'copies-loaded':
        WorkerPool.#checkTask(slot, m.task)
        // Once, and only off an allowance: a forged
        // one never lengthens a run's time.
        if (!slot.loadingCopies || !slot.attempt) return
        slot.loadingCopies = false
        slot.started = realNow()
        this.#watch(slot, slot.attempt, slot.attempt.realMs)
        return
      case 'events':
        WorkerPool.#checkTask(slot, m.task)
        slot.attempt?.overflow.push(...m.events)
        return
      case 'exiting':
        slot.death ??= { kind: 'exited', how: `it ended its process: ${m.how}` }
        return
      case 'done': {
        WorkerPool.#checkTask(slot, m.task)
        const attempt = slot.attempt
        if (!attempt) return
        // Its own journal: slot.journal may be a
        // later run's, by the host (two channels).
        // Read first: if it throws, the run is
        // still the slot's to end (garbled).
        const history = Object.freeze(eventsOf(m.journal, attempt).map(deepFreeze))
        if (slot.watchdog) clearTimeout(slot.watchdog)
        slot.watchdog = null
        slot.attempt = null
        attempt.resolve({ kind: 'done', history, realMs: m.realMs })
        // Leftovers end first; what they do costs
        // the worker, never a finding.
        slot.draining = true
        slot.watchdog = setTimeout(() => void this.#stop(slot), LEFTOVER_REAL_MS)
        return
      }
      case 'idle':
        WorkerPool.#inTurn(slot.attempt === null && slot.draining, m.type)
        if (slot.watchdog) clearTimeout(slot.watchdog)
        slot.watchdog = null
        slot.draining = false
        // Recycled: its held run goes back (onExit);
        // else the worker has started it.
        if (m.recycle !== null) void this.#stop(slot)
        else if (slot.next !== null) {
          this.#begin(slot, slot.next)
          slot.next = null
        }
        this.#idled.get(slot)?.()
        this.#pump()
        return
      case 'harness-error': {
        WorkerPool.#checkTask(slot, m.task)
        const attempt = slot.attempt
        slot.attempt = null
        attempt?.reject(new HarnessFailure(m.message))
        void this.#stop(slot)
        return
      }
    }
  }

  #onExit(slot: Slot): void {
    const code = slot.exitCode === null ? exitOf(slot.host) : `exit code ${slot.exitCode}`
    if (slot.watchdog) clearTimeout(slot.watchdog)
    slot.watchdog = null
    this.#slots.delete(slot)
    const attempt = slot.attempt
    slot.attempt = null
    // A held run never started: first in line;
    // but one in a tampered pipe is the finding
    // (else each run costs a worker, unjudged).
    const held = slot.next
    slot.next = null
    if (held && slot.tampered && !attempt && slot.death) {
      const events = eventsOf(slot.journal, held)
      held.resolve({ kind: 'died', death: slot.death, events, realMs: 0 })
    } else if (held && this.#closed)
      held.reject(new HarnessFailure('the worker pool was closed with runs still queued'))
    else if (held) this.#queue.unshift(held)
    const loadFailed = this.#loadFailed.get(slot)
    this.#loadFailed.delete(slot)
    if (!slot.ready)
      this.#failedToLoad(
        loadFailed ??
          `a worker could not load ${refLabel(this.#ref)} (${slot.death?.kind === 'exited' ? slot.death.how : code})`,
      )
    if (attempt) {
      const death = slot.death ?? { kind: 'exited', how: `its worker ended with ${code}` }
      attempt.resolve({
        kind: 'died',
        death,
        events: eventsOf(slot.journal, attempt),
        realMs: realNow() - slot.started,
      })
    }
    if (!this.#closed) this.#pump()
  }

  /**
   * Killed with all it started; a run in flight
   * first gets its journal, read by the host.
   */
  async #stop(slot: Slot): Promise<void> {
    if (slot.stopping) return
    slot.stopping = true
    if (slot.attempt !== null && slot.up) {
      const dumped = new Promise<void>((resolve) => {
        slot.dumped = resolve
        setTimeout(resolve, DUMP_REAL_MS)
      })
      post(slot, { type: 'dump' })
      await Promise.race([dumped, slot.gone])
    }
    killGroup(slot)
    await slot.gone
  }
}

/** A run's events: journal, then overflow. */
function eventsOf(journal: Slot['journal'], attempt: Attempt): HistoryEvent[] {
  const events = parseJournal(journal, attempt.task)
  if (attempt.overflow.length > 0) events.push(...attempt.overflow)
  return events
}
