// The run journal: the supervisor reads what a
// worker wrote, for the task it asks about only; an
// event that does not fit is refused, and so is
// every later one of that run (order is kept).
import { describe, expect, it } from 'vitest'
import { createJournal, JournalWriter, parseJournal, readJournal } from '../../../harness/supervisor/journal.ts'
import type { HistoryEvent } from '../../../harness/history/history.ts'

const event = (seq: number, message = 'x'): HistoryEvent => ({
  seq,
  t: seq * 10,
  type: 'executor-fault',
  call: null,
  problem: 'threw',
  message,
})

describe('the run journal', () => {
  it('gives back the events of the task asked for, in order, and none of another task', () => {
    const journal = createJournal(4_096)
    const writer = new JournalWriter(journal)
    writer.begin(7)
    expect(readJournal(journal, 7)).toEqual([])
    for (let i = 0; i < 3; i++) expect(writer.append(event(i, `é "${i}"\n`))).toBe(true)
    expect(readJournal(journal, 7)).toEqual([event(0, 'é "0"\n'), event(1, 'é "1"\n'), event(2, 'é "2"\n')])
    expect(readJournal(journal, 6)).toEqual([])
    writer.begin(8)
    writer.append(event(0))
    expect(readJournal(journal, 8)).toEqual([event(0)])
    expect(readJournal(journal, 7)).toEqual([])
  })

  it('refuses an event that does not fit, and every later one of the run, keeping what fitted', () => {
    const journal = createJournal(200)
    const writer = new JournalWriter(journal)
    writer.begin(1)
    expect(writer.append(event(0))).toBe(true)
    expect(writer.append(event(1, 'y'.repeat(300)))).toBe(false)
    expect(writer.append(event(2))).toBe(false)
    expect(readJournal(journal, 1)).toEqual([event(0)])
    writer.begin(2)
    expect(writer.append(event(0))).toBe(true)
  })

  it('gives its own text for done with the builtins it loaded with, whatever a run did to the globals', () => {
    const writer = new JournalWriter(createJournal(4_096))
    writer.begin(3)
    writer.append(event(0, 'é'))
    const real = { decoder: globalThis.TextDecoder, slice: Uint8Array.prototype.slice }
    try {
      // As a run may leave them: not restored.
      globalThis.TextDecoder = undefined as unknown as typeof TextDecoder
      Uint8Array.prototype.slice = () => new Uint8Array(0)
      const text = writer.text()
      expect(text.task).toBe(3)
      expect(parseJournal(text, 3)).toEqual([event(0, 'é')])
    } finally {
      globalThis.TextDecoder = real.decoder
      Uint8Array.prototype.slice = real.slice
    }
  })

  // subarray and slice ask Symbol.species: an
  // executor's class was handed the buffer.
  it("hands the shared buffer to no one's Symbol.species, and its text is what was written", () => {
    const journal = createJournal(4_096)
    const writer = new JournalWriter(journal)
    const seen: unknown[] = []
    // On Uint8Array itself, over %TypedArray%'s.
    Object.defineProperty(Uint8Array, Symbol.species, {
      configurable: true,
      get: () =>
        class extends Uint8Array {
          constructor(...args: unknown[]) {
            seen.push(args[0])
            super(...(args as [ArrayBuffer, number, number]))
          }
        },
    })
    try {
      writer.begin(3)
      writer.append(event(0))
      expect(parseJournal(writer.text(), 3)).toEqual([event(0)])
    } finally {
      delete (Uint8Array as { [Symbol.species]?: unknown })[Symbol.species]
    }
    expect(seen).toEqual([])
  })
})
