// Which executor process and which tool call a piece of work belongs to: the
// harness's own record, carried through async context (fake timers are bound
// to it, see clock.ts). Requests are attributed by this, never by anything the
// executor puts in them.
import { AsyncLocalStorage } from 'node:async_hooks'

export interface WorkContext {
  /** Which run the work belongs to: leftovers of a finished run never reach the next one. */
  readonly run: symbol
  /** The executor process generation doing the work (1, 2, … after restarts). */
  readonly generation: number
  /** `runId/stepId` while a tool call runs; null during boot and recovery. */
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
 * Run `fn` as the harness's own work, outside any executor context: what it
 * arms (a held request, a service's processing time) belongs to the harness,
 * so it outlives a crash of the process that sent the request.
 */
export function asHarnessWork<T>(fn: () => T): T {
  return storage.exit(fn)
}
