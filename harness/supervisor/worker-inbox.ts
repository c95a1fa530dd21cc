// A worker's runs from its pipe, one at a time,
// read between runs only, by fs.readSync with
// what was kept as it loaded. A run shares this
// thread: a socket's reads go through push, emit
// and getters on prototypes it can replace (and
// restore), so it could rewrite the next run.
import fs from 'node:fs'
import { append, FrameReader } from './frames.ts'
import type { ToWorker } from './protocol.ts'

export interface Inbox {
  /** Recycled: it takes no more. */
  retire(): void
}

export interface Handlers {
  /** The real setImmediate (not a run's). */
  readonly later: (fn: () => void) => void
  /** Each message, in its own turn. */
  readonly handle: (m: ToWorker) => Promise<void>
  /** `handle` threw: the inbox retires. */
  readonly failed: (m: ToWorker, e: unknown) => void
  /** The pipe failed: no more can come. */
  readonly broken: (e: unknown) => void
  /** Puts back what readSync calls; false if not. */
  readonly restore: () => boolean
  /**
   * Settles once what was printed is with the
   * host (null: nothing waits). Its stdio asks
   * for a loop turn, which read() holds up.
   */
  readonly relayed: () => Promise<void> | null
}

// Kept as loaded, as frames.ts keeps its own.
const readSync = fs.readSync
const every = setInterval
const stop = clearInterval
const after = setTimeout
const define = Reflect.defineProperty
const apply = Reflect.apply
const set = Uint8Array.prototype.set
const U8 = Uint8Array
/** Bytes a read asks for. */
const CHUNK = 65_536

/**
 * The messages read from `fd`, one at a time.
 * Blocks the thread while none is there: the
 * run before has ended, leftovers too.
 */
export function openInbox(fd: number, { later, handle, failed, broken, restore, relayed }: Handlers): Inbox {
  const reader = new FrameReader()
  const store = new ArrayBuffer(CHUNK)
  const chunk = new U8(store)
  // readSync reads it: a shared getter would
  // be handed the bytes read.
  define(chunk, 'byteLength', { value: CHUNK })
  // Defined by index, read by index: a setter
  // or iterator on Array.prototype sees none.
  const queue: ToWorker[] = []
  let head = 0
  let retired = false
  /** Real ms to look again, made non-blocking. */
  let wait = 0
  // No socket holds the loop open now: a load
  // that never settles still meets its limit.
  const alive = every(() => {}, 2 ** 30)

  /** The next message; null at the pipe's end. */
  function take(): ToWorker | null {
    while (head === queue.length) {
      head = 0
      queue.length = 0
      if (!restore()) throw new Error("process.binding('fs').read cannot be put back")
      const n = readSync(fd, chunk, 0, CHUNK, null)
      if (n === 0) return null
      const bytes = new U8(n)
      apply(set, bytes, [new U8(store, 0, n)])
      const messages = reader.read(bytes)
      for (let i = 0; i < messages.length; i++) append(queue, messages[i])
    }
    const m = queue[head]!
    head++
    return m
  }

  function next(): void {
    if (retired) return
    let m: ToWorker | null
    try {
      m = take()
    } catch (e) {
      // Made non-blocking (a socket a run opened
      // on it): none there yet; look again, less
      // often the longer none comes (to 64 ms).
      if ((e as { code?: unknown } | null)?.code === 'EAGAIN') {
        wait = wait === 0 ? 1 : wait < 64 ? wait * 2 : wait
        return void after(next, wait)
      }
      stop(alive)
      broken(e)
      return
    }
    wait = 0
    // The pipe's end: nothing more can come.
    if (m === null) stop(alive)
    // Its own turn, not the reader's stack.
    else later(() => void settle(m))
  }

  // Syntax, not .catch/.finally: a leftover
  // may have replaced Promise's methods.
  async function settle(m: ToWorker): Promise<void> {
    try {
      await handle(m)
    } catch (e) {
      retired = true
      failed(m, e)
    } finally {
      const printed = relayed()
      if (printed) await printed
      next()
    }
  }

  later(next)
  return {
    retire: () => {
      retired = true
    },
  }
}
