// The run journal: shared memory with each
// event as recorded, readable even if the
// worker blocked or died (and a message per
// event cost ~14 % of a run's CPU).
//
// Layout: Int32s [TASK, USED], then events as
// JSON, each with a comma. USED is stored last:
// a reader never sees half an event.
import type { HistoryEvent } from '../history/history.ts'

const HEADER_BYTES = 16
const TASK = 0
const USED = 1

/** Room for `bytes` of a run's events. */
export function createJournal(bytes: number): SharedArrayBuffer {
  return new SharedArrayBuffer(HEADER_BYTES + bytes)
}

/** The worker's side: appends a task's events. */
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

  /** Start `task`, dropping the last one's. */
  begin(task: number): void {
    this.#used = 0
    this.#full = false
    Atomics.store(this.#header, USED, 0)
    Atomics.store(this.#header, TASK, task)
  }

  /** False if full: the rest go by message. */
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

/** The supervisor's side: `task`'s events. */
export function readJournal(journal: SharedArrayBuffer, task: number): HistoryEvent[] {
  const header = new Int32Array(journal, 0, HEADER_BYTES / 4)
  if (Atomics.load(header, TASK) !== task) return []
  const used = Atomics.load(header, USED)
  if (used === 0) return []
  // TextDecoder cannot read shared memory.
  const text = new TextDecoder().decode(new Uint8Array(journal, HEADER_BYTES, used).slice())
  return JSON.parse(`[${text.slice(0, -1)}]`) as HistoryEvent[]
}
