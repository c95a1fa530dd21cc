// The journal's layout, in plain JS: the host
// process reads it without tsx.
//
// Int32s [TASK, USED], then events as JSON,
// each with a comma. USED is stored last: a
// reader never sees half an event.

export const HEADER_BYTES = 16
export const TASK = 0
export const USED = 1

/** Room for `bytes` of a run's events. */
export function createJournal(bytes) {
  return new SharedArrayBuffer(HEADER_BYTES + bytes)
}

/** The task journalled last. */
export function journalTask(journal) {
  return Atomics.load(new Int32Array(journal, 0, HEADER_BYTES / 4), TASK)
}

/** The task journalled last and its events' text. */
export function journalText(journal) {
  const header = new Int32Array(journal, 0, HEADER_BYTES / 4)
  const task = Atomics.load(header, TASK)
  const used = Atomics.load(header, USED)
  // TextDecoder cannot read shared memory.
  const text = used === 0 ? '' : new TextDecoder().decode(new Uint8Array(journal, HEADER_BYTES, used).slice())
  return { task, text }
}
