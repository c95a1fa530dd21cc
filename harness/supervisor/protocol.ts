// The messages between the supervisor (main thread) and a run worker. Plain,
// structured-cloneable data only.
import type { HistoryEvent } from '../history/history.ts'
import type { Scenario } from '../scenario/scenario.ts'
import type { ExecutorRef } from './executor-ref.ts'

export type ToWorker =
  | { readonly type: 'load'; readonly task: number; readonly executor: ExecutorRef }
  | { readonly type: 'run'; readonly task: number; readonly executor: ExecutorRef; readonly scenario: Scenario; readonly maxEvents: number }

export type FromWorker =
  | { readonly type: 'loaded'; readonly task: number; readonly name: string }
  | { readonly type: 'load-failed'; readonly task: number; readonly message: string }
  /** History events that did not fit in the run's journal (journal.ts), in order, after the journal's. */
  | { readonly type: 'events'; readonly task: number; readonly events: readonly HistoryEvent[] }
  /** The run ended normally: its history is complete. The worker is not idle yet (a finished run's leftovers end first). */
  | { readonly type: 'done'; readonly task: number; readonly realMs: number }
  /** The worker can take another run; `recycle` says why it should not (the run left something running), or null. */
  | { readonly type: 'idle'; readonly task: number; readonly recycle: string | null }
  /** The executor is ending the worker (process.exit, kill, abort): what it called. */
  | { readonly type: 'exiting'; readonly how: string }
  /** The harness itself failed inside the worker (not the executor's fault). */
  | { readonly type: 'harness-error'; readonly task: number; readonly message: string }
