// The run journal: shared memory where a worker writes each
// event as recorded, readable even if it blocked or died (a
// message per event also cost a run ~14 % of its CPU).
//
// Layout: Int32s [TASK, USED bytes], then events as JSON,
// each with a comma. USED is stored after the bytes, so a
// reader never sees half an event.
import type { HistoryEvent } from '../history/history.ts'

const HEADER_BYTES = 16
const TASK = 0
const USED = 1

/** Room for `bytes` of one run's events (`journalBytes`). */
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

  /** Start journalling `task`, dropping the previous task's. */
  begin(task: number): void {
    this.#used = 0
    this.#full = false
    Atomics.store(this.#header, USED, 0)
    Atomics.store(this.#header, TASK, task)
  }

  /** False if it did not fit: it and later events go by message. */
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

/** The supervisor's side: the events of `task` so far. */
export function readJournal(journal: SharedArrayBuffer, task: number): HistoryEvent[] {
  const header = new Int32Array(journal, 0, HEADER_BYTES / 4)
  if (Atomics.load(header, TASK) !== task) return []
  const used = Atomics.load(header, USED)
  if (used === 0) return []
  // A copy: TextDecoder does not read shared memory.
  const text = new TextDecoder().decode(new Uint8Array(journal, HEADER_BYTES, used).slice())
  return JSON.parse(`[${text.slice(0, -1)}]`) as HistoryEvent[]
}
