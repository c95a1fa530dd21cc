// The run journal: memory a worker shares with its supervisor, where the worker
// writes each history event the moment it is recorded. The supervisor reads it
// when the run is done — or when the worker died, blocked or was stopped, which
// is why it is shared memory and not messages: a blocked thread sends nothing,
// and a dead one cannot flush. One message per event cost a run ~14 % of its CPU.
//
// Layout: a header of Int32s — [0] the task being journalled, [1] bytes written —
// then the events as JSON, each followed by a comma. The byte count is published
// (Atomics.store) only after the event's bytes are in, so a reader never sees
// half an event. Events are plain JSON data (the report schema says so).
import type { HistoryEvent } from '../history/history.ts'

const HEADER_BYTES = 16
const TASK = 0
const USED = 1

/** Room for `bytes` of one run's events (the `journalBytes` budget); past it, the rest go by message. */
export function createJournal(bytes: number): SharedArrayBuffer {
  return new SharedArrayBuffer(HEADER_BYTES + bytes)
}

/** The worker's side: appends events of the current task. */
export class JournalWriter {
  readonly #header: Int32Array
  readonly #bytes: Uint8Array
  readonly #encoder = new TextEncoder()
  #used = 0
  #full = false

  constructor(journal: SharedArrayBuffer) {
    this.#header = new Int32Array(journal, 0, HEADER_BYTES / 4)
    this.#bytes = new Uint8Array(journal, HEADER_BYTES)
  }

  /** Start journalling `task` (the previous task's events are dropped). */
  begin(task: number): void {
    this.#used = 0
    this.#full = false
    Atomics.store(this.#header, USED, 0)
    Atomics.store(this.#header, TASK, task)
  }

  /** False when the event did not fit: it, and every later event of this task, must go another way. */
  append(event: HistoryEvent): boolean {
    if (this.#full) return false
    const text = `${JSON.stringify(event)},`
    const { read, written } = this.#encoder.encodeInto(text, this.#bytes.subarray(this.#used))
    if (read < text.length) {
      this.#full = true
      return false
    }
    this.#used += written
    Atomics.store(this.#header, USED, this.#used)
    return true
  }
}

/** The supervisor's side: the events journalled for `task` so far (none if the worker has not begun it). */
export function readJournal(journal: SharedArrayBuffer, task: number): HistoryEvent[] {
  const header = new Int32Array(journal, 0, HEADER_BYTES / 4)
  if (Atomics.load(header, TASK) !== task) return []
  const used = Atomics.load(header, USED)
  if (used === 0) return []
  // A copy: TextDecoder does not read shared memory.
  const text = new TextDecoder().decode(new Uint8Array(journal, HEADER_BYTES, used).slice())
  return JSON.parse(`[${text.slice(0, -1)}]`) as HistoryEvent[]
}
