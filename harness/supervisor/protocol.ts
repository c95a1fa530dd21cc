// Messages between the supervisor and a run worker:
// plain, structured-cloneable data only.
import type { HistoryEvent } from '../history/history.ts'
import type { Scenario } from '../scenario/scenario.ts'
import type { ExecutorRef } from './executor-ref.ts'

export type ToWorker =
  | { readonly type: 'load'; readonly task: number; readonly executor: ExecutorRef }
  | { readonly type: 'run'; readonly task: number; readonly executor: ExecutorRef; readonly scenario: Scenario; readonly maxEvents: number }

export type FromWorker =
  | { readonly type: 'loaded'; readonly task: number; readonly name: string }
  | { readonly type: 'load-failed'; readonly task: number; readonly message: string }
  /** Events that overflowed the journal, in order, after it. */
  | { readonly type: 'events'; readonly task: number; readonly events: readonly HistoryEvent[] }
  /** Run over, history complete; leftovers end before 'idle'. */
  | { readonly type: 'done'; readonly task: number; readonly realMs: number }
  /** Ready for a run; `recycle` says why not instead, or null. */
  | { readonly type: 'idle'; readonly task: number; readonly recycle: string | null }
  /** The executor is ending the worker: what it called. */
  | { readonly type: 'exiting'; readonly how: string }
  /** The harness failed in the worker (not the executor). */
  | { readonly type: 'harness-error'; readonly task: number; readonly message: string }
