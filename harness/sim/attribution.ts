// Which process and tool call work belongs to, carried in
// async context. Requests are attributed by this, never by
// anything the executor puts in them.
import { AsyncLocalStorage } from 'node:async_hooks'

export interface WorkContext {
  /** The work's run: leftovers never reach the next one. */
  readonly run: symbol
  /** The process generation (1, 2, … after restarts). */
  readonly generation: number
  /** `runId/stepId` in a tool call; null in boot and recovery. */
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
 * Run `fn` as the harness's own work: what it arms outlives
 * a crash of the process that sent the request.
 */
export function asHarnessWork<T>(fn: () => T): T {
  return storage.exit(fn)
}
