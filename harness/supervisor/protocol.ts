// Supervisor ↔ run worker messages: plain,
// structured-cloneable data only.
import type { HistoryEvent } from '../history/history.ts'
import type { Declared } from '../run/executor-declaration.ts'
import type { Scenario } from '../scenario/scenario.ts'
import type { ExecutorRef } from './executor-ref.ts'

export type ToWorker =
  | { readonly type: 'load'; readonly task: number; readonly executor: ExecutorRef }
  | {
      readonly type: 'run'
      readonly task: number
      readonly executor: ExecutorRef
      readonly scenario: Scenario
      readonly maxEvents: number
    }

export type FromWorker =
  | { readonly type: 'loaded'; readonly task: number; readonly name: string; readonly declared: Declared }
  | { readonly type: 'load-failed'; readonly task: number; readonly message: string }
  /** Events past the journal, in order. */
  | { readonly type: 'events'; readonly task: number; readonly events: readonly HistoryEvent[] }
  /** History complete; 'idle' comes later. */
  | { readonly type: 'done'; readonly task: number; readonly realMs: number }
  /** Ready; or `recycle` says why not. */
  | { readonly type: 'idle'; readonly task: number; readonly recycle: string | null }
  /** The executor ends the worker: how. */
  | { readonly type: 'exiting'; readonly how: string }
  /** The harness failed, not the executor. */
  | { readonly type: 'harness-error'; readonly task: number; readonly message: string }
