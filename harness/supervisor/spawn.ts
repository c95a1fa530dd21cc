// Starting a worker, then loading the executor
// in it within the load budget.
import { Worker } from 'node:worker_threads'
import { oneLine } from '../contract/one-line.ts'
import { YOUNG_GENERATION_MB, type Budgets } from './budgets.ts'
import type { Death } from './death.ts'
import { refLabel, type ExecutorRef } from './executor-ref.ts'
import type { Attempt } from './pool.ts'
import type { Declared } from '../run/executor-declaration.ts'
import type { FromWorker, ToWorker } from './protocol.ts'
import { createJournal } from './journal.ts'

const ENTRY = new URL('./worker-entry.mjs', import.meta.url)

/** The executor module failed to load (exit 2). */
export class LoadFailure extends Error {
  override readonly name = 'LoadFailure'
}

/** A worker and what the pool knows of it. */
export interface Slot {
  readonly worker: Worker
  /** Its run's events, readable if it died. */
  readonly journal: SharedArrayBuffer
  ready: boolean
  attempt: Attempt | null
  /** Its last run's leftovers are ending. */
  draining: boolean
  watchdog: ReturnType<typeof setTimeout> | null
  started: number
  /** What ended the worker, if known. */
  death: Death | null
  stopping: boolean
}

export function spawn(budgets: Budgets, output: (chunk: string) => void): Slot {
  const journal = createJournal(budgets.journalBytes)
  const worker = new Worker(ENTRY, {
    workerData: { memoryMb: budgets.workerMemoryMb, journal },
    // Young generation above V8's 16 MB: a run's
    // garbage dies before a scavenge. +7 % runs/s
    // with two workers on two cores (bench/).
    resourceLimits: { maxOldGenerationSizeMb: budgets.workerMemoryMb, maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
    // The entry registers what it needs.
    execArgv: [],
    stdout: true,
    stderr: true,
  })
  // Kept apart from the report on stdout.
  worker.stdout.setEncoding('utf8').on('data', output)
  worker.stderr.setEncoding('utf8').on('data', output)
  return {
    worker,
    journal,
    ready: false,
    attempt: null,
    draining: false,
    watchdog: null,
    started: 0,
    death: null,
    stopping: false,
  }
}

/** Start a worker and load the executor. */
export function spawnAndLoad(
  ref: ExecutorRef,
  budgets: Budgets,
  output: (chunk: string) => void,
): Promise<{ slot: Slot; name: string; declared: Declared }> {
  const slot = spawn(budgets, output)
  const { worker } = slot
  return new Promise((resolve, reject) => {
    // Only ours: the Worker's own ref its port.
    const detach = () => {
      clearTimeout(timer)
      worker.off('message', onMessage).off('error', onError).off('exit', onExit)
    }
    const fail = (message: string) => {
      detach()
      void worker.terminate()
      reject(new LoadFailure(message))
    }
    const onMessage = (m: FromWorker) => {
      if (m.type === 'loaded') {
        detach()
        slot.ready = true
        resolve({ slot, name: m.name, declared: m.declared })
      } else if (m.type === 'load-failed') fail(m.message)
      else if (m.type === 'exiting') fail(`executor module ${refLabel(ref)} ended its process while loading (${m.how})`)
      else if (m.type === 'harness-error') fail(m.message)
    }
    const onError = (e: Error & { code?: string }) =>
      fail(
        e.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? `executor module ${refLabel(ref)} ran out of memory while loading (limit ${budgets.workerMemoryMb} MB)`
          : `cannot load executor module ${refLabel(ref)}: ${oneLine(e)}`,
      )
    const onExit = (code: number) =>
      fail(`executor module ${refLabel(ref)} ended its worker while loading (exit code ${code})`)
    const timer = setTimeout(
      () =>
        fail(
          `executor module ${refLabel(ref)} did not finish loading within ${budgets.loadRealMs / 1000} s (a top-level await that never settles, or a file that never ends?)`,
        ),
      budgets.loadRealMs,
    )
    worker.on('message', onMessage).on('error', onError).on('exit', onExit)
    worker.postMessage({ type: 'load', task: 0, executor: ref } satisfies ToWorker)
  })
}
