// Supervisor ↔ run worker messages: plain,
// structured-cloneable data only (no Buffers:
// frames use V8's plain Serializer). The worker's
// and its host's go by pipes (frames.ts); a
// dump is asked of the host by a byte on fd 3.
import type { HistoryEvent } from '../history/history.ts'
import type { Declared } from '../run/executor-declaration.ts'
import type { Scenario } from '../scenario/scenario.ts'
import type { ExecutorRef } from './executor-ref.ts'
import type { JournalText } from './journal-layout.mjs'

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
  /** The run's copies loaded: its own time starts. */
  | { readonly type: 'copies-loaded'; readonly task: number }
  /** History complete, its events; 'idle' comes later. */
  | { readonly type: 'done'; readonly task: number; readonly realMs: number; readonly journal: JournalText }
  /** Ready; or `recycle` says why not. */
  | { readonly type: 'idle'; readonly task: number; readonly recycle: string | null }
  /** The executor ends the worker: how. */
  | { readonly type: 'exiting'; readonly how: string }
  /** The harness failed, not the executor. */
  | { readonly type: 'harness-error'; readonly task: number; readonly message: string }

/** Supervisor → worker, or to its host: a dump. */
export type ToHost = ToWorker | { readonly type: 'dump' }

/**
 * To the supervisor: the worker's messages,
 * and what its host saw of it and its output.
 */
export type FromHost =
  | FromWorker
  | { readonly type: 'journal'; readonly journal: JournalText }
  | { readonly type: 'worker-error'; readonly code: string | null; readonly message: string }
  | { readonly type: 'worker-exit'; readonly code: number; readonly journal: JournalText }
  /** The run printed past its output budget. */
  | { readonly type: 'output-cut'; readonly task: number; readonly bytes: number }
  /** The worker's pipe held what is no message. */
  | { readonly type: 'garbled' }
