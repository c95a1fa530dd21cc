// Starting a worker in a host process of its
// own, then loading the executor in it within
// the load budget.
import { spawn as spawnProcess, type ChildProcess } from 'node:child_process'
import { availableParallelism } from 'node:os'
import type { Readable, Writable } from 'node:stream'
import { fileURLToPath } from 'node:url'
import { oneLine } from '../contract/one-line.ts'
import { YOUNG_GENERATION_MB, type Budgets } from './budgets.ts'
import { checkoutBuild } from './checkout-build.mjs'
import type { Death } from './death.ts'
import { refLabel, type ExecutorRef } from './executor-ref.ts'
import type { JournalText } from './journal-layout.mjs'
import type { Attempt } from './pool.ts'
import type { Declared } from '../run/executor-declaration.ts'
import type { FromHost, ToHost } from './protocol.ts'
import { ServiceUnavailable } from './run-service.ts'
import { FrameReader, frame, NotAFrame } from './frames.ts'

const HOST = fileURLToPath(new URL('./host.mjs', import.meta.url))
/** Real ms a dead host's pipes may lag. */
const CLOSE_GRACE_MS = 1_000
/**
 * The worker's own pipes (frames.ts): a run
 * and its result pass no relay. Two: one it
 * reads between runs, one it writes, both
 * blocking (worker-inbox.ts). The host's
 * messages have their own; fd 3 asks it for
 * dumps, and its end is the supervisor's.
 * No IPC: Node parses what an executor
 * writes into one, and may throw there.
 */
const PIPES = { supervisor: 3, runs: 4, results: 5, host: 6 } as const

/**
 * The executor module failed to load: exit 2
 * at the start, a cut campaign after runs.
 */
export class LoadFailure extends ServiceUnavailable {
  override readonly name = 'LoadFailure'
}

/** A worker, its host, and what the pool knows. */
export interface Slot {
  readonly host: ChildProcess
  /** Runs and loads to the worker, by pipe. */
  readonly toWorker: Writable
  /** Dumps asked of the host, a byte each. */
  readonly toHost: Writable
  /** The host runs and its pipe to us is open. */
  up: boolean
  /** Settles once the host and its messages are gone. */
  readonly gone: Promise<void>
  ready: boolean
  attempt: Attempt | null
  /** Its next run, held by the worker until idle. */
  next: Attempt | null
  /** Its last run's leftovers are ending. */
  draining: boolean
  watchdog: ReturnType<typeof setTimeout> | null
  started: number
  /** Copies of the executor its worker has loaded (process-copies.ts). */
  copies: number
  /** Whose copies: an executor's key. */
  copiesOf: string
  /** Its run's watchdog allows for copies still loading. */
  loadingCopies: boolean
  /** What ended the worker, if known. */
  death: Death | null
  /** Garbage came down its pipes (the executor's). */
  tampered: boolean
  stopping: boolean
  /** The journal as last read (a dead run's events). */
  journal: JournalText | null
  /** The worker thread's exit code, if it ended. */
  exitCode: number | null
  /** Waits for a journal dump, if one is asked. */
  dumped: (() => void) | null
}

/**
 * Part of a run reaches the old generation
 * (~55 KB a run): it may grow to 3× what a
 * mark-compact kept before the next (V8 chose
 * ~2× here): -3-4 % worker CPU a run. 4× gave
 * -5 %, but +150 MB a host in npm start.
 */
const HEAP_FLAGS = ['--heap-growing-percent=200']

/** V8's GC threads in a worker's host. */
export type GcThreads = 'serial' | 'parallel'

/** Serial when `workers` take every core. */
export function gcFor(workers: number): GcThreads {
  return workers >= availableParallelism() ? 'serial' : 'parallel'
}

export function spawn(budgets: Budgets, output: (chunk: string) => void, gc: GcThreads = 'parallel'): Slot {
  const settings = {
    memoryMb: budgets.workerMemoryMb,
    youngMb: YOUNG_GENERATION_MB,
    journalBytes: budgets.journalBytes,
    outputBytes: budgets.outputBytesPerRun,
    build: checkoutBuild(),
    pipes: PIPES,
  }
  const flags = [...HEAP_FLAGS, ...(gc === 'serial' ? ['--single-threaded-gc'] : [])]
  const host = spawnProcess(process.execPath, [...flags, HOST, JSON.stringify(settings)], {
    // Its own process group: killed as one,
    // with whatever it started.
    detached: true,
    // Stdin is empty: a read of it cannot block.
    stdio: ['ignore', 'pipe', 'pipe', 'pipe', 'pipe', 'pipe', 'pipe'],
  })
  // Kept apart from the report on stdout.
  host.stdout!.setEncoding('utf8').on('data', output)
  host.stderr!.setEncoding('utf8').on('data', output)
  const pipes = host.stdio as unknown as (Readable & Writable)[]
  const toWorker = pipes[PIPES.runs]!
  const results = pipes[PIPES.results]!
  const fromHost = pipes[PIPES.host]!
  const toHost = pipes[PIPES.supervisor]!
  // A dead host's pipes fail; its exit says so.
  toWorker.on('error', () => {})
  toHost.on('error', () => {})
  results.on('error', () => {})
  fromHost.on('error', () => {})
  const slot: Slot = {
    host,
    toWorker,
    toHost,
    up: true,
    gone: whenGone(host, [results, fromHost, host.stdout!, host.stderr!]),
    ready: false,
    attempt: null,
    next: null,
    draining: false,
    watchdog: null,
    started: 0,
    copies: 0,
    copiesOf: '',
    loadingCopies: false,
    death: null,
    tampered: false,
    stopping: false,
    journal: null,
    exitCode: null,
    dumped: null,
  }
  // The worker's messages and its host's
  // arrive as the host's 'message' events.
  // Garbage in either (bytes that are no frame,
  // a message the pool cannot read: written by
  // the executor) ends the worker's: no result
  // after it (the sealed ones ahead are the
  // worker's); the host's may bring a journal.
  let garbled = false
  const down = () => {
    slot.up = false
  }
  host.once('exit', down)
  fromHost.once('close', down)
  for (const pipe of [results, fromHost]) {
    const reader = new FrameReader(true)
    let broken = false
    pipe.on('data', (chunk: Buffer) => {
      if (broken || (garbled && pipe === results)) return
      let messages: readonly unknown[] = []
      try {
        messages = reader.read(chunk)
      } catch (e) {
        if (e instanceof NotAFrame) messages = e.before
        broken = true
      }
      try {
        for (const m of messages) host.emit('message', m as FromHost)
      } catch {
        broken = true
      }
      if (!broken) return
      if (!garbled) host.emit('message', { type: 'garbled' } satisfies FromHost)
      garbled = true
    })
  }
  return slot
}

/**
 * Exited, and its last messages and output
 * delivered (the pipes read to their end).
 */
function whenGone(host: ChildProcess, pipes: readonly Readable[]): Promise<void> {
  return new Promise((resolve) => {
    let exited = false
    let open = pipes.length
    const check = () => exited && open === 0 && resolve()
    for (const pipe of pipes)
      pipe.once('close', () => {
        open--
        check()
      })
    host.once('exit', () => {
      exited = true
      if (open > 0) setTimeout(() => ((open = 0), check()), CLOSE_GRACE_MS).unref()
      check()
    })
    // Failed to start: exit (or nothing)
    // follows; never a crash here.
    host.on('error', () => {
      if (host.pid === undefined) (exited = true), (open = 0), check()
    })
  })
}

/** To the worker (a dump: to its host), if it listens. */
export function post(slot: Slot, m: ToHost): void {
  if (m.type === 'dump') {
    if (slot.up && slot.toHost.writable) slot.toHost.write('d')
  } else if (slot.toWorker.writable) slot.toWorker.write(frame(m))
}

/** The host's process group, killed at once. */
export function killGroup(slot: Slot): void {
  const pid = slot.host.pid
  if (pid === undefined) return
  try {
    process.kill(-pid, 'SIGKILL')
  } catch {
    // Already gone (ESRCH).
  }
}

/** A worker with the executor loaded. */
export interface Loaded {
  readonly slot: Slot
  readonly name: string
  readonly declared: Declared
}

/**
 * Load the executor in a worker: a new one,
 * or an idle one handed over (host-bank.ts).
 */
export function loadInto(slot: Slot, ref: ExecutorRef, budgets: Budgets): Promise<Loaded> {
  const { host } = slot
  return new Promise((resolve, reject) => {
    let settled = false
    const fail = (message: string) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      host.off('message', onMessage)
      killGroup(slot)
      reject(new LoadFailure(message))
    }
    const onMessage = (m: FromHost) => {
      if (m.type === 'loaded') {
        settled = true
        clearTimeout(timer)
        host.off('message', onMessage)
        slot.ready = true
        resolve({ slot, name: m.name, declared: m.declared })
      } else if (m.type === 'load-failed') fail(m.message)
      else if (m.type === 'exiting') fail(`executor module ${refLabel(ref)} ended its process while loading (${m.how})`)
      else if (m.type === 'harness-error') fail(m.message)
      else if (m.type === 'garbled')
        fail(`executor module ${refLabel(ref)} wrote into the harness's pipe from its worker while loading`)
      else if (m.type === 'worker-error')
        fail(
          m.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? `executor module ${refLabel(ref)} ran out of memory while loading (limit ${budgets.workerMemoryMb} MB)`
            : `cannot load executor module ${refLabel(ref)}: ${oneLine(m.message)}`,
        )
      else if (m.type === 'worker-exit')
        fail(`executor module ${refLabel(ref)} ended its worker while loading (exit code ${m.code})`)
    }
    const timer = setTimeout(
      () =>
        fail(
          `executor module ${refLabel(ref)} did not finish loading within ${budgets.loadRealMs / 1000} s (a top-level await that never settles, or a file that never ends?)`,
        ),
      budgets.loadRealMs,
    )
    host.on('message', onMessage)
    void slot.gone.then(() =>
      fail(`executor module ${refLabel(ref)} ended its worker's process while loading (${exitOf(host)})`),
    )
    post(slot, { type: 'load', task: 0, executor: ref })
  })
}

/** How a host process ended, for messages. */
export function exitOf(host: ChildProcess): string {
  return host.signalCode ? `signal ${host.signalCode}` : `exit code ${host.exitCode}`
}
