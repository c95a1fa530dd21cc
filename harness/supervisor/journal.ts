// The run journal: shared memory with each
// event as recorded, readable even if the
// worker blocked or died (and a message per
// event cost ~14 % of a run's CPU). Its
// layout is journal-layout.mjs's.
import type { HistoryEvent } from '../history/history.ts'
import { toJson } from '../sim/intrinsics.ts'
import { HEADER_BYTES, TASK, USED, createJournal, journalText, type JournalText } from './journal-layout.mjs'

export { createJournal }

// Kept as loaded: the executor shares the
// worker's builtins and may replace them.
const apply = Reflect.apply
const store = Atomics.store
const encodeInto = TextEncoder.prototype.encodeInto
const decode = TextDecoder.prototype.decode
// Views made whole, copies by set: subarray
// and slice ask Symbol.species, which hands the
// executor's class the shared buffer.
const U8 = Uint8Array
const set = Uint8Array.prototype.set

/** The worker's side: appends a task's events. */
export class JournalWriter {
  readonly #journal: SharedArrayBuffer
  readonly #header: Int32Array
  readonly #encoder = new TextEncoder()
  readonly #decoder = new TextDecoder()
  #task = 0
  #used = 0
  #full = false

  constructor(journal: SharedArrayBuffer) {
    this.#journal = journal
    this.#header = new Int32Array(journal, 0, HEADER_BYTES / 4)
  }

  /** Start `task`, dropping the last one's. */
  begin(task: number): void {
    this.#used = 0
    this.#full = false
    this.#task = task
    store(this.#header, USED, 0)
    store(this.#header, TASK, task)
  }

  /** Its task's events' text, sent with `done`. */
  text(): JournalText {
    // TextDecoder cannot read shared memory.
    const bytes = new U8(this.#used)
    apply(set, bytes, [new U8(this.#journal, HEADER_BYTES, this.#used)])
    return { task: this.#task, text: apply(decode, this.#decoder, [bytes]) as string }
  }

  /** False if full: the rest go by message. */
  append(event: HistoryEvent): boolean {
    if (this.#full) return false
    const text = `${toJson(event)},`
    const room = new U8(this.#journal, HEADER_BYTES + this.#used)
    const { read, written } = apply(encodeInto, this.#encoder, [text, room]) as { read: number; written: number }
    if (read < text.length) {
      this.#full = true
      return false
    }
    this.#used += written
    store(this.#header, USED, this.#used)
    return true
  }
}

/** The supervisor's side: `task`'s events. */
export function readJournal(journal: SharedArrayBuffer, task: number): HistoryEvent[] {
  return parseJournal(journalText(journal), task)
}

/** Events of `task` in a journal's text. */
export function parseJournal(journal: JournalText | null, task: number): HistoryEvent[] {
  if (journal === null || journal.task !== task || journal.text === '') return []
  return JSON.parse(`[${journal.text.slice(0, -1)}]`) as HistoryEvent[]
}
