// Which tool call is running: the harness's own record, carried through async
// context (fake timers are bound to it, see clock.ts). Requests are attributed
// by this, never by anything the executor puts in them.
import { AsyncLocalStorage } from 'node:async_hooks'

export interface CallContext {
  /** `runId/stepId`. */
  readonly call: string
}

const storage = new AsyncLocalStorage<CallContext>()

export function runInCall<T>(ctx: CallContext, fn: () => T): T {
  return storage.run(ctx, fn)
}

export function currentCall(): string | null {
  return storage.getStore()?.call ?? null
}
