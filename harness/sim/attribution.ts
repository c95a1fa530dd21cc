// Whose work it is (process, tool call), in
// async context. Requests are attributed by it,
// never by what the executor puts in them.
import { AsyncLocalStorage } from 'node:async_hooks'

export interface WorkContext {
  /** Its run: leftovers never reach the next. */
  readonly run: symbol
  /** Process generation (1, 2, … on restarts). */
  readonly generation: number
  /** `runId/stepId`; null in boot and recovery. */
  readonly call: string | null
}

const storage = new AsyncLocalStorage<WorkContext>()

export function runInContext<T>(ctx: WorkContext, fn: () => T): T {
  return storage.run(ctx, fn)
}

export function currentContext(): WorkContext | null {
  return storage.getStore() ?? null
}

/**
 * Run `fn` as the harness's work: what it arms
 * outlives a crash of the sending process.
 */
export function asHarnessWork<T>(fn: () => T): T {
  return storage.exit(fn)
}
